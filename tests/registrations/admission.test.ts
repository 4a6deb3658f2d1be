/**
 * Writes take turns (issue 18): a crowd of sign-ups is handed to the database a few at a time
 * (WRITES_AT_ONCE), each with its mail step, in the order they came; the rest wait in line,
 * holding nothing, and are all taken. Seen here on PostgreSQL, where the test can count the stored
 * rows while the server runs, with a real SMTP server that holds its answers: while the first
 * sign-ups' mails hang, the rest of the crowd is not stored yet (before, all of it was, and on
 * the embedded database every mail step waited for the whole crowd's transactions). How fast the
 * crowd and the pages meanwhile are served: bench/serve-start.mjs.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WRITES_AT_ONCE } from '../../functions/registrations/store-access.ts';
import { startSmtp, waitForMails, type TestSmtp } from '../functions/helpers/smtp.ts';
import { postgres, withTables, type Database } from './helpers/databases.ts';
import { postgresAvailable } from './helpers/postgres.ts';
import { eventFacts, signUp, startRegistrationsServer, type RegistrationsServer } from './helpers/site.ts';

const runs = postgresAvailable('tests/registrations/admission.test.ts');
let database: Database;
let smtp: TestSmtp;
let site: RegistrationsServer;
let env: Record<string, string>;

beforeAll(async () => {
  if (!runs) return;
  [database, smtp] = await Promise.all([postgres(), startSmtp()]);
  env = await database.fresh();
  site = await startRegistrationsServer([eventFacts(3, { capacity: 5 })], { ...env, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await site?.stop();
  await smtp?.close();
  await database?.stop();
});

const storedSignUps = () =>
  withTables(env, async (db) =>
    Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM registrations'))[0]?.n),
  );

describe.runIf(runs)('sign-ups in line', () => {
  test('while the first sign-ups wait for their mail, the rest of a crowd waits in line, unstored; then every one is taken, with its mail', async () => {
    const crowd = 3 * WRITES_AT_ONCE;
    let release!: () => void;
    smtp.hold = new Promise<void>((done) => (release = done));
    const answers = Promise.all(
      Array.from({ length: crowd }, (_, n) => site.call('POST', '/api/registrations', { body: signUp(3, n) })),
    );
    // The first ones are stored and their mails are at the SMTP server, which does not answer yet.
    expect(await waitForMails(smtp, WRITES_AT_ONCE, 60_000)).toHaveLength(WRITES_AT_ONCE);
    expect(await storedSignUps()).toBe(WRITES_AT_ONCE);
    smtp.hold = undefined;
    release();
    expect((await answers).map((answer) => answer.status)).toEqual(Array(crowd).fill(202));
    expect(await storedSignUps()).toBe(crowd);
    await smtp.settled();
    expect(smtp.received.map((mail) => mail.envelope.to).sort()).toEqual(
      Array.from({ length: crowd }, (_, n) => [`speler${n}@example.nl`]).sort(),
    );
  }, 120_000);
});
