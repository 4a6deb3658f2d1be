/**
 * The registration functions over real HTTP (`site serve` on a free port), on the embedded
 * database and on a PostgreSQL server the suite starts itself (issue 7, with issue 17's
 * confirmation): a guest's sign-up (check your mail, confirm, then a place or the waitlist),
 * refusals, one registration by its link, cancel and promote, places left, restarts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseKinds, startDatabase, type Database } from './helpers/databases.ts';
import {
  eventFacts,
  inDays,
  mailLink,
  signUp,
  startRegistrationsServer,
  type RegistrationsServer,
} from './helpers/site.ts';

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

  test('a guest is told to check their mail, holds no place until confirming, then places go in the order of confirmation', async () => {
    const answers = [];
    for (let n = 1; n <= 4; n += 1) answers.push(await site.call('POST', '/api/registrations', { body: signUp(1, n) }));
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
    expect(answers[0]!.body).toEqual({ pending: true, email: 'speler1@example.nl', confirmHours: 24 });
    expect((await site.call('GET', '/api/registrations/places?event=1')).body.events[1]).toEqual({
      capacity: 2,
      confirmed: 0,
      waitlisted: 0,
      placesLeft: 2,
    });

    // Confirmed from the mails, last first: the order of confirming is the order of the line.
    const links = [];
    for (let n = 1; n <= 4; n += 1) links.push(await site.confirmLink(`speler${n}@example.nl`));
    const confirmed = [];
    for (const link of [...links].reverse())
      confirmed.push(await site.call('POST', `/api/registrations/${link.id}/confirm`, { token: link.token }));
    expect(
      confirmed.map((answer) => [
        answer.status,
        answer.body.registration.participant,
        answer.body.registration.status,
        answer.body.registration.waitlistPosition,
      ]),
    ).toEqual([
      [200, 'Speler4 Jansen', 'confirmed', null],
      [200, 'Speler3 Jansen', 'confirmed', null],
      [200, 'Speler2 Jansen', 'waitlisted', 1],
      [200, 'Speler1 Jansen', 'waitlisted', 2],
    ]);
    const first = confirmed[0]!.body.registration;
    // Nothing secret in what the browser is shown.
    expect(JSON.stringify(first)).not.toContain(links[3]!.token);
    expect(first).toMatchObject({
      event: { id: 1, title: { nl: 'Toernooi 1', en: 'Tournament 1' } },
      answers: { birthYear: 2010 },
      expiresAt: null,
    });
    // Confirming again changes nothing.
    const again = await site.call('POST', `/api/registrations/${links[3]!.id}/confirm`, { token: links[3]!.token });
    expect(again).toMatchObject({ status: 200, body: { registration: { status: 'confirmed' } } });
    expect((await site.call('GET', '/api/registrations/places?event=1')).body.events[1]).toEqual({
      capacity: 2,
      confirmed: 2,
      waitlisted: 2,
      placesLeft: 0,
    });
  });

  test('the request to confirm carries none of what was typed; once confirmed, the details follow in the registrant language', async () => {
    const typed = {
      locale: 'en',
      email: 'emma@example.com',
      firstName: 'Win a prize at evil.example',
      surname: 'Now',
      participant: 'Click http://evil.example',
      remarks: 'Spam text for the world',
    };
    expect((await site.call('POST', '/api/registrations', { body: signUp(4, 1, typed) })).status).toBe(202);
    const request = (await site.outbox()).find(
      (mail) => mail.headers.get('x-site-registration-mail') === 'confirm' && mail.text?.includes('Tournament 4'),
    )!;
    expect(request.subject).toBe('Confirm your registration: Tournament 4');
    expect(request.text).toContain(
      'Hello, someone (hopefully you) has registered for Tournament 4 with this email address.',
    );
    expect(request.text).toMatch(/Open this link and confirm before \w+day, \d+ \w+ \d{4} at \d\d:\d\d:/);
    expect(request.text).toContain('until then no place is kept for you');
    for (const part of [request.text, request.html, JSON.stringify(request.to), request.subject]) {
      expect(part).not.toMatch(/evil\.example|prize|Spam text/);
    }
    const { id, token } = mailLink(request);
    expect(request.text).toContain(`https://www.baselinetennis.nl/en/events/registrations/${id}#token=${token}`);
    expect(request.html).toContain('Confirm your registration');
    // Nothing to put in a calendar before there is a place (issue 23's .ics link comes with the confirmation).
    expect(request.text).not.toContain('.ics');

    const confirmed = await site.call('POST', `/api/registrations/${id}/confirm`, { token });
    expect(confirmed.body.registration.status).toBe('confirmed');
    const mail = (await site.outbox()).find(
      (m) => m.headers.get('x-site-registration') === id && m.headers.get('x-site-registration-mail') === 'confirmed',
    )!;
    expect(mail.subject).toBe('Registration confirmed: Tournament 4');
    expect(mail.text).toContain('Hi Win a prize at evil.example, your registration for Tournament 4 is confirmed.');
    expect(mail.text).toContain(`https://www.baselinetennis.nl/en/events/registrations/${id}#token=${token}`);
    // The event's calendar file in the registrant's language (issue 23).
    expect(mail.text).toContain('Add it to your calendar:\nhttps://www.baselinetennis.nl/en/events/4-tournament-4.ics');
    expect(mail.html).toContain('<a href="https://www.baselinetennis.nl/en/events/4-tournament-4.ics">');
    // The same Message-ID is kept with the queued mail (a resend after a crash is the same mail).
    expect(mail.messageId).toMatch(new RegExp(`^<${id}\\.confirmed\\.[0-9a-f]{12}@www\\.baselinetennis\\.nl>$`));
  });

  test('after the deadline, once the event started, and for an unknown event: refused', async () => {
    const late = await site.call('POST', '/api/registrations', { body: signUp(2, 1) });
    expect(late).toMatchObject({
      status: 409,
      body: { statusMessage: 'De inschrijving voor dit evenement is gesloten.', field: 'event' },
    });
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
    [
      { locale: 'en', answers: { birthYear: 2030 } },
      'answers.birthYear',
      'Year of birth: the value must be at most 2022.',
    ],
  ])('a wrong field is named in the sender language: %j', async (change, field, message) => {
    const answer = await site.call('POST', '/api/registrations', { body: signUp(4, 50, change) });
    expect(answer).toEqual({ status: 400, body: { statusMessage: message, field } });
  });

  test('the same person again gets the answer a stranger gets, and no second registration; a second participant is new', async () => {
    const first = await site.call('POST', '/api/registrations', { body: signUp(4, 60, { participant: 'Tim' }) });
    const again = await site.call('POST', '/api/registrations', {
      body: signUp(4, 60, { participant: ' tim ', email: 'SPELER60@example.nl' }),
    });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual({ ...first.body, email: 'SPELER60@example.nl' });
    // One request to confirm (a repeat within minutes sends no second: no flooding someone's mailbox by repeating).
    const { id, token } = await site.confirmLink('speler60@example.nl');
    expect((await site.call('POST', `/api/registrations/${id}/confirm`, { token })).body.registration).toMatchObject({
      participant: 'Tim',
      status: 'confirmed',
    });
    expect(
      (await site.call('POST', '/api/registrations', { body: signUp(4, 60, { participant: 'Lotte' }) })).status,
    ).toBe(202);
    expect((await site.confirmLink('speler60@example.nl')).id).not.toBe(id);
  });

  test('one registration: by its link token; a wrong token, no token or an unknown id get the same 404', async () => {
    const { id, token } = await site.signUpConfirmed(signUp(4, 70));
    const own = await site.call('GET', `/api/registrations/${id}`, { token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      registration: { id, status: 'confirmed', cancellable: true, email: 'speler70@example.nl' },
      confirmable: false,
    });
    const notFound = {
      status: 404,
      body: { statusMessage: 'Deze inschrijving bestaat niet, of de link is niet (meer) geldig.' },
    };
    expect(await site.call('GET', `/api/registrations/${id}`)).toEqual(notFound);
    expect(
      await site.call('GET', `/api/registrations/${id}`, {
        token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      }),
    ).toEqual(notFound);
    expect(await site.call('GET', `/api/registrations/${id}`, { token: 'short' })).toEqual(notFound);
    expect(await site.call('GET', '/api/registrations/doesNotExist', { token })).toEqual(notFound);
    // Another visitor's own valid token opens (or confirms) only their own registration.
    expect((await site.call('POST', '/api/registrations', { body: signUp(4, 71) })).status).toBe(202);
    const other = await site.confirmLink('speler71@example.nl');
    expect(await site.call('GET', `/api/registrations/${id}`, { token: other.token })).toEqual(notFound);
    expect(await site.call('POST', `/api/registrations/${id}/cancel`, { token: other.token })).toEqual(notFound);
    expect(await site.call('POST', `/api/registrations/${other.id}/confirm`, { token })).toEqual(notFound);
    // Opened from its mail before confirming: pending, until when, and confirmable with that link.
    const pending = await site.call('GET', `/api/registrations/${other.id}`, { token: other.token });
    expect(pending.body).toMatchObject({ registration: { status: 'pending', cancellable: true }, confirmable: true });
    expect(new Date(pending.body.registration.expiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
  });

  test('a guest asking for "my registrations" is told they are not signed in', async () => {
    expect(await site.call('GET', '/api/registrations')).toEqual({
      status: 200,
      body: { signedIn: false, registrations: [] },
    });
  });

  test('cancelling frees the place for the first on the waitlist, who gets a mail; twice changes nothing', async () => {
    const holder = await site.signUpConfirmed(signUp(5, 1));
    const second = await site.signUpConfirmed(signUp(5, 2, { locale: 'en' }));
    const third = await site.signUpConfirmed(signUp(5, 3));
    expect([holder, second, third].map((r) => r.registration.status)).toEqual([
      'confirmed',
      'waitlisted',
      'waitlisted',
    ]);
    expect((await site.call('GET', '/api/registrations/places?event=5')).body).toEqual({
      events: { 5: { capacity: 1, confirmed: 1, waitlisted: 2, placesLeft: 0 } },
    });

    const cancelled = await site.call('POST', `/api/registrations/${holder.id}/cancel`, { token: holder.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.registration).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(
      (await site.call('GET', `/api/registrations/${second.id}`, { token: second.token })).body.registration.status,
    ).toBe('confirmed');
    expect(
      (await site.call('GET', `/api/registrations/${third.id}`, { token: third.token })).body.registration,
    ).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });

    const mails = await site.outbox();
    const promotion = mails.find(
      (m) =>
        m.headers.get('x-site-registration') === second.id && m.headers.get('x-site-registration-mail') === 'promoted',
    )!;
    expect(promotion.subject).toBe('A place has come free: Tournament 5');
    expect(promotion.text).toContain(
      `https://www.baselinetennis.nl/en/events/registrations/${second.id}#token=${second.token}`,
    );
    const confirmation = mails.find(
      (m) =>
        m.headers.get('x-site-registration') === holder.id && m.headers.get('x-site-registration-mail') === 'cancelled',
    )!;
    expect(confirmation.subject).toBe('Inschrijving geannuleerd: Toernooi 5');
    expect(confirmation.text).not.toContain('.ics');

    const again = await site.call('POST', `/api/registrations/${holder.id}/cancel`, { token: holder.token });
    expect(again.status).toBe(200);
    expect((await site.call('GET', '/api/registrations/places?event=5')).body.events[5]).toEqual({
      capacity: 1,
      confirmed: 1,
      waitlisted: 1,
      placesLeft: 0,
    });
    expect((await site.outbox()).filter((m) => m.headers.get('x-site-registration-mail') === 'promoted')).toHaveLength(
      1,
    );
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
    const response = await fetch(`${site.url}/api/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify(signUp(4, 80)),
    });
    expect(response.status).toBe(403);
    expect(
      (await fetch(`${site.url}/api/registrations/places`, { method: 'DELETE', headers: { origin: site.url } })).status,
    ).toBe(405);
  });

  test('registrations survive a restart of the server', async () => {
    const created = await site.signUpConfirmed(signUp(4, 90));
    await site.close();
    const again = await startRegistrationsServer(events, env, site.dist);
    try {
      const read = await again.call('GET', `/api/registrations/${created.id}`, { token: created.token });
      expect(read.body.registration).toMatchObject({
        id: created.id,
        status: created.registration.status,
        email: 'speler90@example.nl',
      });
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
    const site = await startRegistrationsServer([eventFacts(1, { capacity: 12 })], {
      SITE_DATA_DIR: join(dir, 'data'),
    });
    try {
      expect((await site.call('GET', '/api/registrations/places')).body).toEqual({
        events: { 1: { capacity: 12, confirmed: 0, waitlisted: 0, placesLeft: 12 } },
      });
      expect((await site.call('GET', '/api/registrations/abc123', { token: 'x'.repeat(32) })).status).toBe(404);
      expect((await site.call('POST', '/api/registrations/abc123/cancel', { token: 'x'.repeat(32) })).status).toBe(404);
      expect((await site.call('POST', '/api/registrations/abc123/confirm', { token: 'x'.repeat(32) })).status).toBe(
        404,
      );
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await site.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
