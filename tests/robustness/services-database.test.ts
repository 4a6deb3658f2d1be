/**
 * Issue 11, failing services: event registrations on a real PostgreSQL server (DATABASE_URL) that
 * is stopped and started again on the same port while one `site serve` keeps running, and a
 * connection cut in the middle of a sign-up's transaction. Every answer while the database is
 * away is a 503 with Retry-After in the visitor's language; a sign-up either commits whole (row
 * and then its mail) or leaves nothing (no row, no mail); the same server answers again as soon
 * as the database is back (the pool keeps no broken connection, a failed first open is not
 * remembered). Also: SMTP down during a sign-up keeps the sign-up and its mail (mail_outbox),
 * which goes out when the server starts again with SMTP back (issue 17).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { postgresAvailable, startPostgres, type TestPostgres } from '../registrations/helpers/postgres.ts';
import {
  eventFacts,
  signUp,
  startRegistrationsServer,
  type RegistrationsServer,
} from '../registrations/helpers/site.ts';
import { startSmtp, waitForMails } from '../functions/helpers/smtp.ts';

const runs = postgresAvailable('tests/robustness/services-database.test.ts');
const unavailable = {
  nl: 'Inschrijvingen zijn nu niet bereikbaar; probeer het over een paar minuten opnieuw.',
  en: 'Registrations cannot be reached right now; please try again in a few minutes.',
};

async function rows(url: string): Promise<Array<{ email: string; status: string }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (
      await client.query<{ email: string; status: string }>('SELECT email, status FROM registrations ORDER BY seq')
    ).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!runs)('PostgreSQL stopped and started again under a running server', () => {
  const events = [eventFacts(7), eventFacts(8, { capacity: 1 })];
  let postgres: TestPostgres;
  let url: string;
  let server: RegistrationsServer;
  beforeAll(async () => {
    postgres = await startPostgres();
    url = await postgres.createDatabase(`services_${process.pid}`);
    // Down before the server ever reached it: the first open fails, and must not be remembered.
    await postgres.halt();
    server = await startRegistrationsServer(events, { DATABASE_URL: url });
  });
  afterAll(async () => {
    await server?.stop();
    await postgres?.stop();
  });

  const expectUnavailable = (answer: { status: number; body: unknown }, locale: 'nl' | 'en' = 'nl') => {
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ statusMessage: unavailable[locale] });
  };

  test('unreachable since the server started: 503, then the first sign-up after it is back succeeds', async () => {
    const first = await fetch(`${server.url}/api/registrations`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify(signUp(7, 1, { locale: 'en' })),
    });
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('30');
    expect(await first.json()).toEqual({ statusMessage: unavailable.en });
    expectUnavailable(await server.call('GET', '/api/registrations/places'));
    await postgres.resume();
    const created = await server.call('POST', '/api/registrations', { body: signUp(7, 1) });
    expect(created.status).toBe(202);
    expect(await rows(url)).toEqual([{ email: 'speler1@example.nl', status: 'pending' }]);
    // The log says why, for the operator; the visitor never sees it.
    expect(
      server.logs.some((line) => line.startsWith('registrations: database failure') && line.includes('ECONNREFUSED')),
    ).toBe(true);
  });

  test('lost while in use: sign-up, reading and cancelling get 503 and change nothing; all work again after', async () => {
    const { id, token } = await server.signUpConfirmed(signUp(7, 2));
    const mailsBefore = (await server.outbox()).length;

    await postgres.halt();
    expectUnavailable(await server.call('POST', '/api/registrations', { body: signUp(7, 3) }));
    expectUnavailable(await server.call('POST', '/api/registrations', { body: signUp(7, 4, { locale: 'en' }) }), 'en');
    expectUnavailable(await server.call('GET', `/api/registrations/${id}`, { token }));
    expectUnavailable(await server.call('POST', `/api/registrations/${id}/cancel`, { token }));
    expectUnavailable(await server.call('POST', `/api/registrations/${id}/confirm`, { token }));
    expectUnavailable(await server.call('GET', '/api/registrations/places?event=7'));
    expect((await server.outbox()).length).toBe(mailsBefore);

    await postgres.resume();
    const read = await server.call('GET', `/api/registrations/${id}`, { token });
    expect(read.status).toBe(200);
    expect(read.body.registration.status).toBe('confirmed');
    const again = await server.signUpConfirmed(signUp(7, 3));
    expect(again.registration.status).toBe('confirmed');
    // speler1 never confirmed: no place.
    expect((await server.call('GET', '/api/registrations/places?event=7')).body.events['7'].confirmed).toBe(2);
    expect((await rows(url)).map((row) => row.email)).toEqual([
      'speler1@example.nl',
      'speler2@example.nl',
      'speler3@example.nl',
    ]);
    // Two mails (the request to confirm, the confirmation) for the one stored sign-up, none for the refused ones.
    expect((await server.outbox()).length).toBe(mailsBefore + 2);
  });

  test('the connection cut in the middle of a sign-up: rolled back whole, 503, and the next one goes through', async () => {
    expect((await server.signUpConfirmed(signUp(8, 10))).registration.status).toBe('confirmed');
    const mailsBefore = (await server.outbox()).length;
    // Hold event 8's lock, so the server's sign-up waits inside its transaction; then cut its connection.
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM events WHERE id = 8 FOR UPDATE');
      const pending = server.call('POST', '/api/registrations', { body: signUp(8, 11) });
      let waiting: number | undefined;
      for (let tries = 0; waiting === undefined && tries < 200; tries += 1) {
        const found = await locker.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
        );
        waiting = found.rows[0]?.pid;
        if (waiting === undefined) await new Promise((done) => setTimeout(done, 25));
      }
      expect(waiting).toBeDefined();
      await locker.query('SELECT pg_terminate_backend($1)', [waiting]);
      expectUnavailable(await pending);
    } finally {
      await locker.query('ROLLBACK').catch(() => {});
      await locker.end();
    }
    expect((await rows(url)).filter((row) => row.email === 'speler11@example.nl')).toEqual([]);
    expect((await server.outbox()).length).toBe(mailsBefore);
    // Full (capacity 1), so the retry lands on the waitlist: the cut attempt held no place.
    const retried = await server.signUpConfirmed(signUp(8, 11));
    expect(retried.registration).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
  });
});

describe.skipIf(!runs)('SMTP down during a sign-up', () => {
  let postgres: TestPostgres;
  let server: RegistrationsServer;
  afterAll(async () => {
    await server?.stop();
    await postgres?.stop();
  });

  test('the sign-up is stored and its mail kept in the outbox table; the next start sends it once SMTP is back', async () => {
    const smtp = await startSmtp();
    postgres = await startPostgres();
    const url = await postgres.createDatabase(`services_mail_${process.pid}`);
    const env = { DATABASE_URL: url, SMTP_URL: smtp.url };
    server = await startRegistrationsServer([eventFacts(9)], env);
    const port = smtp.port;
    await smtp.close();

    const created = await server.call('POST', '/api/registrations', { body: signUp(9, 1) });
    expect(created).toEqual({ status: 202, body: { pending: true, email: 'speler1@example.nl', confirmHours: 24 } });
    // The same person again while SMTP is still down: the same answer, no second registration or mail.
    expect(await server.call('POST', '/api/registrations', { body: signUp(9, 1) })).toEqual(created);
    expect(await rows(url)).toEqual([{ email: 'speler1@example.nl', status: 'pending' }]);
    const queued = await outbox(url);
    expect(queued).toEqual([
      { kind: 'confirm', sent: false, attempts: 1, failed: false, error: expect.stringContaining('ECONNREFUSED') },
    ]);
    // Nothing piles up in undelivered/ (the row is the copy, retried), and the log says when the next try is.
    expect(await readdir(join(server.dist.dir, 'outbox', 'undelivered')).catch(() => [])).toEqual([]);
    expect(
      server.logs.some((line) =>
        /registrations: mail \d+ \(confirm for \S+\) not sent: .*ECONNREFUSED.*; trying again in 60 s/.test(line),
      ),
    ).toBe(true);

    const back = await startSmtp(port);
    try {
      // Restarted as `site serve` starts (the database opened at once): it sends what waits.
      await server.close();
      server = await startRegistrationsServer([eventFacts(9)], env, server.dist, { warmUp: true });
      // A database server is connected before the server listens (cli/serve/server.ts): its
      // connection is not paid by the first visitors, who may come as a crowd.
      expect(server.logs.some((line) => line.startsWith('registrations: postgres database at '))).toBe(true);
      const [mail] = await waitForMails(back, 1, 30_000);
      expect(mail!.envelope.to).toEqual(['speler1@example.nl']);
      expect(mail!.mail.subject).toBe('Bevestig je inschrijving: Toernooi 9');
      expect(await outbox(url)).toEqual([{ kind: 'confirm', sent: true, attempts: 2, failed: false, error: null }]);
      expect(back.received).toHaveLength(1);
    } finally {
      await back.close();
    }
  });
});

async function outbox(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query(
      'SELECT kind, sent_at IS NOT NULL AS sent, attempts, failed_at IS NOT NULL AS failed, last_error AS error FROM mail_outbox ORDER BY id',
    );
    return found.rows;
  } finally {
    await client.end();
  }
}
