/**
 * Sign-ups, confirmations and cancellations all at once, over HTTP, on both databases (issues 7
 * and 17): 200 concurrent guest sign-ups hold nothing; their 200 concurrent confirmations (every
 * tenth pressed twice) give exactly 20 confirmed and 180 waitlisted, none lost, none doubled, one mail
 * each; 20 concurrent cancellations promote exactly the first 20 on the waitlist.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseKinds, startDatabase, type Database } from './helpers/databases.ts';
import { eventFacts, mailLink, signUp, startRegistrationsServer, type RegistrationsServer } from './helpers/site.ts';

describe.each(databaseKinds('tests/registrations/concurrency.test.ts'))('concurrency on the %s database', (kind) => {
  let database: Database;
  let site: RegistrationsServer;
  type Confirmed = { id: string; status: string; waitlistPosition: number | null; token: string };
  let confirmed: Confirmed[] = [];

  beforeAll(async () => {
    database = await startDatabase(kind);
    site = await startRegistrationsServer([eventFacts(7, { capacity: 20 })], await database.fresh());
    // Opens the database before the burst, so the test measures sign-ups, not PGlite's start.
    expect((await site.call('GET', '/api/registrations/places')).status).toBe(200);
  });
  afterAll(async () => {
    await site?.stop();
    await database?.stop();
  });

  test('200 concurrent sign-ups hold nothing; 200 concurrent confirmations give 20 confirmed and 180 waitlisted, none lost or doubled', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) => site.call('POST', '/api/registrations', { body: signUp(7, n) })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(202));
    expect((await site.call('GET', '/api/registrations/places')).body.events[7]).toEqual({
      capacity: 20,
      confirmed: 0,
      waitlisted: 0,
      placesLeft: 20,
    });
    const requests = (await site.outbox()).filter((m) => m.headers.get('x-site-registration-mail') === 'confirm');
    expect(requests).toHaveLength(200);
    const links = requests.map(mailLink);
    expect(new Set(links.map((link) => link.id)).size).toBe(200);

    // All at once, and every tenth link pressed twice (a double click): one confirmation each.
    const doubled = links.filter((_, i) => i % 10 === 0);
    const pressed = await Promise.all(
      [...links, ...doubled].map((link) =>
        site.call('POST', `/api/registrations/${link.id}/confirm`, { token: link.token }),
      ),
    );
    expect(pressed.map((answer) => answer.status)).toEqual(Array(220).fill(200));
    const byId = new Map(links.map((link) => [link.id, link.token]));
    confirmed = pressed.slice(0, 200).map(({ body }) => ({
      id: body.registration.id,
      status: body.registration.status,
      waitlistPosition: body.registration.waitlistPosition,
      token: byId.get(body.registration.id)!,
    }));
    // The second press saw what the first did.
    expect(pressed.slice(200).map(({ body }) => [body.registration.id, body.registration.status])).toEqual(
      doubled.map((link) => [link.id, confirmed.find((r) => r.id === link.id)!.status]),
    );
    expect(confirmed.filter((r) => r.status === 'confirmed')).toHaveLength(20);
    expect(confirmed.filter((r) => r.status === 'waitlisted')).toHaveLength(180);
    // Every waitlist place was handed out exactly once, in one unbroken line.
    expect(
      confirmed.flatMap((r) => (r.waitlistPosition === null ? [] : [r.waitlistPosition])).sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 180 }, (_, i) => i + 1));
    // Each registrant got one mail of the right kind.
    const mails = await site.outbox();
    expect(mails.filter((m) => m.headers.get('x-site-registration-mail') === 'confirmed')).toHaveLength(20);
    expect(mails.filter((m) => m.headers.get('x-site-registration-mail') === 'waitlisted')).toHaveLength(180);
    expect((await site.call('GET', '/api/registrations/places')).body.events[7]).toEqual({
      capacity: 20,
      confirmed: 20,
      waitlisted: 180,
      placesLeft: 0,
    });
    // 600 writes and their mails, one at a time on the embedded database of a busy 2-core machine.
  }, 180_000);

  test('20 concurrent cancellations promote exactly the first 20 on the waitlist', async () => {
    const holders = confirmed.filter((r) => r.status === 'confirmed');
    const answers = await Promise.all(
      holders.map((r) => site.call('POST', `/api/registrations/${r.id}/cancel`, { token: r.token })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect((await site.call('GET', '/api/registrations/places')).body.events[7]).toEqual({
      capacity: 20,
      confirmed: 20,
      waitlisted: 160,
      placesLeft: 0,
    });

    const byPosition = confirmed
      .filter((r) => r.waitlistPosition !== null)
      .sort((a, b) => a.waitlistPosition! - b.waitlistPosition!);
    const now = await Promise.all(
      byPosition.map((r) => site.call('GET', `/api/registrations/${r.id}`, { token: r.token })),
    );
    expect(now.slice(0, 20).map((answer) => answer.body.registration.status)).toEqual(Array(20).fill('confirmed'));
    expect(now.slice(20).map((answer) => answer.body.registration.status)).toEqual(Array(160).fill('waitlisted'));
    expect(now.slice(20).map((answer) => answer.body.registration.waitlistPosition)).toEqual(
      Array.from({ length: 160 }, (_, i) => i + 1),
    );

    const promotions = (await site.outbox()).filter((m) => m.headers.get('x-site-registration-mail') === 'promoted');
    expect(promotions.map((m) => m.headers.get('x-site-registration')).sort()).toEqual(
      byPosition
        .slice(0, 20)
        .map((r) => r.id)
        .sort(),
    );
  });
});
