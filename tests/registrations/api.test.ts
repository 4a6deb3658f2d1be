/**
 * The registration functions over real HTTP (`site serve` on a free port), on the embedded
 * database and on a PostgreSQL server the suite starts itself (issue 7): sign up (confirmed,
 * waitlisted, refused), read one by its link, cancel and promote, places left, restarts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseKinds, startDatabase, type Database } from './helpers/databases.ts';
import { eventFacts, inDays, signUp, startRegistrationsServer, type RegistrationsServer } from './helpers/site.ts';

const tokenOf = (link: string) => new URL(link, 'http://x').hash.replace('#token=', '');

describe.each(databaseKinds('tests/registrations/api.test.ts'))('registrations API on the %s database', (kind) => {
  let database: Database;
  let site: RegistrationsServer;
  let env: Record<string, string>;
  const events = [
    eventFacts(1, { capacity: 2 }),
    eventFacts(2, { deadline: inDays(-1), start: inDays(5), end: inDays(5.1) }),
    eventFacts(3, { deadline: inDays(-10), start: inDays(-2), end: inDays(-1.9) }),
    eventFacts(4, { capacity: 5 }),
    eventFacts(5, { capacity: 1 }),
  ];

  beforeAll(async () => {
    database = await startDatabase(kind);
    env = await database.fresh();
    site = await startRegistrationsServer(events, env);
  });
  afterAll(async () => {
    await site?.stop();
    await database?.stop();
  });

  test('sign-ups are confirmed while places are left, then waitlisted in order', async () => {
    const answers = [];
    for (let n = 1; n <= 4; n += 1) answers.push(await site.call('POST', '/api/registrations', { body: signUp(1, n) }));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(answers.map((answer) => answer.body.registration.status)).toEqual(['confirmed', 'confirmed', 'waitlisted', 'waitlisted']);
    expect(answers.map((answer) => answer.body.registration.waitlistPosition)).toEqual([null, null, 1, 2]);
    const first = answers[0]!.body;
    expect(first.link).toMatch(new RegExp(`^/evenementen/inschrijvingen/${first.registration.id}#token=[A-Za-z0-9_-]{32}$`));
    // Nothing secret in what the browser is shown besides its own link.
    expect(JSON.stringify(first.registration)).not.toContain(tokenOf(first.link));
    expect(first.registration.event).toMatchObject({ id: 1, title: { nl: 'Toernooi 1', en: 'Tournament 1' } });
    expect(first.registration.answers).toEqual({ birthYear: 2010 });
    expect(first.registration.participant).toBe('Speler1 Jansen');
  });

  test('the confirmation and waitlist mails go out in the registrant language with the link', async () => {
    const english = await site.call('POST', '/api/registrations', { body: signUp(4, 1, { locale: 'en', email: 'emma@example.com', firstName: 'Emma' }) });
    expect(english.status).toBe(201);
    expect(english.body.mailSent).toBe(true);
    const mails = await site.outbox();
    const mail = mails.find((m) => m.headers.get('x-site-registration') === english.body.registration.id)!;
    expect(mail.subject).toBe('Registration confirmed: Tournament 4');
    expect(mail.text).toContain('Hi Emma, your registration for Tournament 4 is confirmed.');
    expect(mail.text).toContain(`https://www.baselinetennis.nl${english.body.link.replace('/evenementen/inschrijvingen', '/en/events/registrations')}`);
    expect(mail.html).toContain('View your registration');
    // The event's calendar file in the registrant's language (issue 23).
    expect(mail.text).toContain('Add it to your calendar:\nhttps://www.baselinetennis.nl/en/events/4-tournament-4.ics');
    expect(mail.html).toContain('<a href="https://www.baselinetennis.nl/en/events/4-tournament-4.ics">');
    const waitlisted = mails.filter((m) => m.headers.get('x-site-registration-mail') === 'waitlisted');
    expect(waitlisted.map((m) => m.subject)).toEqual(['Op de wachtlijst: Toernooi 1', 'Op de wachtlijst: Toernooi 1']);
    expect(waitlisted[0]!.text).toContain('(plek 1)');
  });

  test('after the deadline, once the event started, and for an unknown event: refused', async () => {
    const late = await site.call('POST', '/api/registrations', { body: signUp(2, 1) });
    expect(late).toMatchObject({ status: 409, body: { statusMessage: 'De inschrijving voor dit evenement is gesloten.', field: 'event' } });
    const past = await site.call('POST', '/api/registrations', { body: signUp(3, 1, { locale: 'en' }) });
    expect(past).toMatchObject({ status: 409, body: { statusMessage: 'This event has already taken place.' } });
    const unknown = await site.call('POST', '/api/registrations', { body: signUp(99, 1) });
    expect(unknown).toMatchObject({ status: 404, body: { field: 'event' } });
  });

  test.each([
    [{ firstName: ' ' }, 'firstName', 'Voornaam: dit veld is verplicht.'],
    [{ email: 'not-an-address' }, 'email', 'Vul een geldig e-mailadres in.'],
    [{ surname: 'Jansen\r\nBcc: x@example.com' }, 'surname', 'Achternaam: gebruik één regel.'],
    [{ answers: {} }, 'answers.birthYear', 'Geboortejaar: dit veld is verplicht.'],
    [{ answers: { birthYear: 1990 } }, 'answers.birthYear', 'Geboortejaar: de waarde moet minimaal 2000 zijn.'],
    [{ answers: { birthYear: 'twee' } }, 'answers.birthYear', 'Geboortejaar: vul een heel getal in.'],
    [{ answers: { birthYear: 2010, shoeSize: 40 } }, 'answers.shoeSize', 'Dit evenement stelt geen vraag "shoeSize".'],
    [{ admin: true }, 'admin', 'Onbekend veld: admin.'],
    [{ locale: 'en', answers: { birthYear: 2030 } }, 'answers.birthYear', 'Year of birth: the value must be at most 2022.'],
  ])('a wrong field is named in the sender language: %j', async (change, field, message) => {
    const answer = await site.call('POST', '/api/registrations', { body: signUp(4, 50, change) });
    expect(answer).toEqual({ status: 400, body: { statusMessage: message, field } });
  });

  test('the same person twice for one event is refused, a second participant is not', async () => {
    const first = await site.call('POST', '/api/registrations', { body: signUp(4, 60, { participant: 'Tim' }) });
    expect(first.status).toBe(201);
    const again = await site.call('POST', '/api/registrations', { body: signUp(4, 60, { participant: ' tim ', email: 'SPELER60@example.nl' }) });
    expect(again).toMatchObject({ status: 409, body: { field: 'email' } });
    expect(again.body.statusMessage).toContain('al ingeschreven');
    const sister = await site.call('POST', '/api/registrations', { body: signUp(4, 60, { participant: 'Lotte' }) });
    expect(sister.status).toBe(201);
  });

  test('one registration: by its link token; a wrong token, no token or an unknown id get the same 404', async () => {
    const created = (await site.call('POST', '/api/registrations', { body: signUp(4, 70) })).body;
    const { id } = created.registration;
    const token = tokenOf(created.link);
    const own = await site.call('GET', `/api/registrations/${id}`, { token });
    expect(own.status).toBe(200);
    expect(own.body.registration).toMatchObject({ id, status: 'confirmed', cancellable: true, email: 'speler70@example.nl' });
    const notFound = { status: 404, body: { statusMessage: 'Deze inschrijving bestaat niet, of de link is niet (meer) geldig.' } };
    expect(await site.call('GET', `/api/registrations/${id}`)).toEqual(notFound);
    expect(await site.call('GET', `/api/registrations/${id}`, { token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` })).toEqual(notFound);
    expect(await site.call('GET', `/api/registrations/${id}`, { token: 'short' })).toEqual(notFound);
    expect(await site.call('GET', '/api/registrations/doesNotExist', { token })).toEqual(notFound);
    // Another visitor's own valid token opens only their own registration.
    const other = (await site.call('POST', '/api/registrations', { body: signUp(4, 71) })).body;
    expect(await site.call('GET', `/api/registrations/${id}`, { token: tokenOf(other.link) })).toEqual(notFound);
    expect(await site.call('POST', `/api/registrations/${id}/cancel`, { token: tokenOf(other.link) })).toEqual(notFound);
  });

  test('a guest asking for "my registrations" is told they are not signed in', async () => {
    expect(await site.call('GET', '/api/registrations')).toEqual({ status: 200, body: { signedIn: false, registrations: [] } });
  });

  test('cancelling frees the place for the first on the waitlist, who gets a mail; twice changes nothing', async () => {
    const holder = (await site.call('POST', '/api/registrations', { body: signUp(5, 1) })).body;
    const second = (await site.call('POST', '/api/registrations', { body: signUp(5, 2, { locale: 'en' }) })).body;
    const third = (await site.call('POST', '/api/registrations', { body: signUp(5, 3) })).body;
    expect([holder, second, third].map((b) => b.registration.status)).toEqual(['confirmed', 'waitlisted', 'waitlisted']);
    expect((await site.call('GET', '/api/registrations/places?event=5')).body).toEqual({ events: { 5: { capacity: 1, confirmed: 1, waitlisted: 2, placesLeft: 0 } } });

    const cancelled = await site.call('POST', `/api/registrations/${holder.registration.id}/cancel`, { token: tokenOf(holder.link) });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.registration).toMatchObject({ status: 'cancelled', cancellable: false });
    expect((await site.call('GET', `/api/registrations/${second.registration.id}`, { token: tokenOf(second.link) })).body.registration.status).toBe('confirmed');
    expect((await site.call('GET', `/api/registrations/${third.registration.id}`, { token: tokenOf(third.link) })).body.registration).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });

    const mails = await site.outbox();
    const promotion = mails.find((m) => m.headers.get('x-site-registration') === second.registration.id && m.headers.get('x-site-registration-mail') === 'promoted')!;
    expect(promotion.subject).toBe('A place has come free: Tournament 5');
    expect(promotion.text).toContain(`https://www.baselinetennis.nl/en/events/registrations/${second.registration.id}#token=${tokenOf(second.link)}`);
    const confirmation = mails.find((m) => m.headers.get('x-site-registration') === holder.registration.id && m.headers.get('x-site-registration-mail') === 'cancelled')!;
    expect(confirmation.subject).toBe('Inschrijving geannuleerd: Toernooi 5');
    expect(confirmation.text).not.toContain('.ics');

    const again = await site.call('POST', `/api/registrations/${holder.registration.id}/cancel`, { token: tokenOf(holder.link) });
    expect(again.status).toBe(200);
    expect((await site.call('GET', '/api/registrations/places?event=5')).body.events[5]).toEqual({ capacity: 1, confirmed: 1, waitlisted: 1, placesLeft: 0 });
    expect((await site.outbox()).filter((m) => m.headers.get('x-site-registration-mail') === 'promoted')).toHaveLength(1);
  });

  test('places left for every event at once, the built capacity when nobody signed up yet', async () => {
    const { status, body } = await site.call('GET', '/api/registrations/places');
    expect(status).toBe(200);
    expect(Object.keys(body.events)).toEqual(['1', '2', '3', '4', '5']);
    expect(body.events[1]).toEqual({ capacity: 2, confirmed: 2, waitlisted: 2, placesLeft: 0 });
    expect(body.events[2]).toEqual({ capacity: 20, confirmed: 0, waitlisted: 0, placesLeft: 20 });
    expect((await site.call('GET', '/api/registrations/places?event=42')).status).toBe(404);
    const response = await fetch(`${site.url}/api/registrations/places`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=15');
  });

  test('a cross-site post and a wrong method are refused by the router', async () => {
    const response = await fetch(`${site.url}/api/registrations`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, body: JSON.stringify(signUp(4, 80)) });
    expect(response.status).toBe(403);
    expect((await fetch(`${site.url}/api/registrations/places`, { method: 'DELETE', headers: { origin: site.url } })).status).toBe(405);
  });

  test('registrations survive a restart of the server', async () => {
    const created = (await site.call('POST', '/api/registrations', { body: signUp(4, 90) })).body;
    await site.close();
    const again = await startRegistrationsServer(events, env, site.dist);
    try {
      const read = await again.call('GET', `/api/registrations/${created.registration.id}`, { token: tokenOf(created.link) });
      expect(read.body.registration).toMatchObject({ id: created.registration.id, status: created.registration.status, email: 'speler90@example.nl' });
      expect((await again.call('GET', '/api/registrations/places?event=1')).body.events[1].confirmed).toBe(2);
    } finally {
      site = again;
    }
  });
});


describe('before anyone signed up', () => {
  test('reads answer at once without creating the embedded database', async () => {
    const { mkdtemp, readdir, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'site-data-empty-'));
    const site = await startRegistrationsServer([eventFacts(1, { capacity: 12 })], { SITE_DATA_DIR: join(dir, 'data') });
    try {
      expect((await site.call('GET', '/api/registrations/places')).body).toEqual({ events: { 1: { capacity: 12, confirmed: 0, waitlisted: 0, placesLeft: 12 } } });
      expect((await site.call('GET', '/api/registrations/abc123', { token: 'x'.repeat(32) })).status).toBe(404);
      expect((await site.call('POST', '/api/registrations/abc123/cancel', { token: 'x'.repeat(32) })).status).toBe(404);
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await site.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
