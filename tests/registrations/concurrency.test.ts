/**
 * Sign-ups and cancellations all at once, over HTTP, on both databases (issue 7): 200 concurrent
 * sign-ups for 20 places give exactly 20 confirmed and 180 waitlisted, none lost, none doubled;
 * 20 concurrent cancellations promote exactly the first 20 on the waitlist.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseKinds, startDatabase, type Database } from './helpers/databases.ts';
import { eventFacts, signUp, startRegistrationsServer, type RegistrationsServer } from './helpers/site.ts';

const tokenOf = (link: string) => new URL(link, 'http://x').hash.replace('#token=', '');

describe.each(databaseKinds('tests/registrations/concurrency.test.ts'))('concurrency on the %s database', (kind) => {
  let database: Database;
  let site: RegistrationsServer;
  type Created = { id: string; status: string; waitlistPosition: number | null; token: string };
  let created: Created[] = [];

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

  test('200 concurrent sign-ups for 20 places: 20 confirmed, 180 waitlisted, none lost or doubled', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => site.call('POST', '/api/registrations', { body: signUp(7, n) })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(201));
    created = answers.map(({ body }) => ({ id: body.registration.id, status: body.registration.status, waitlistPosition: body.registration.waitlistPosition, token: tokenOf(body.link) }));
    expect(created.filter((r) => r.status === 'confirmed')).toHaveLength(20);
    expect(created.filter((r) => r.status === 'waitlisted')).toHaveLength(180);
    expect(new Set(created.map((r) => r.id)).size).toBe(200);
    // Every waitlist place was handed out exactly once, in one unbroken line.
    expect(created.flatMap((r) => (r.waitlistPosition === null ? [] : [r.waitlistPosition])).sort((a, b) => a - b)).toEqual(Array.from({ length: 180 }, (_, i) => i + 1));
    // Each registrant got one mail of the right kind.
    const mails = await site.outbox();
    expect(mails.filter((m) => m.headers.get('x-site-registration-mail') === 'confirmed')).toHaveLength(20);
    expect(mails.filter((m) => m.headers.get('x-site-registration-mail') === 'waitlisted')).toHaveLength(180);
    expect((await site.call('GET', '/api/registrations/places')).body.events[7]).toEqual({ capacity: 20, confirmed: 20, waitlisted: 180, placesLeft: 0 });
  });

  test('20 concurrent cancellations promote exactly the first 20 on the waitlist', async () => {
    const confirmed = created.filter((r) => r.status === 'confirmed');
    const answers = await Promise.all(confirmed.map((r) => site.call('POST', `/api/registrations/${r.id}/cancel`, { token: r.token })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect((await site.call('GET', '/api/registrations/places')).body.events[7]).toEqual({ capacity: 20, confirmed: 20, waitlisted: 160, placesLeft: 0 });

    const byPosition = created.filter((r) => r.waitlistPosition !== null).sort((a, b) => a.waitlistPosition! - b.waitlistPosition!);
    const now = await Promise.all(byPosition.map((r) => site.call('GET', `/api/registrations/${r.id}`, { token: r.token })));
    expect(now.slice(0, 20).map((answer) => answer.body.registration.status)).toEqual(Array(20).fill('confirmed'));
    expect(now.slice(20).map((answer) => answer.body.registration.status)).toEqual(Array(160).fill('waitlisted'));
    expect(now.slice(20).map((answer) => answer.body.registration.waitlistPosition)).toEqual(Array.from({ length: 160 }, (_, i) => i + 1));

    const promotions = (await site.outbox()).filter((m) => m.headers.get('x-site-registration-mail') === 'promoted');
    expect(promotions.map((m) => m.headers.get('x-site-registration')).sort()).toEqual(byPosition.slice(0, 20).map((r) => r.id).sort());
  });
});
