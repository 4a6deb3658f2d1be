/**
 * Issue 17, item 5: `site serve` killed with SIGKILL in the middle of a burst of sign-ups, then
 * started again on the same data, on both databases, with a real SMTP server counting mails. Every
 * stored registration gets its mail, once (the only second copies are mails the SMTP server had
 * taken when the process died, and they carry the same Message-ID); no mail goes out for a
 * registration that was not stored; and every visitor whose request was cut, trying again, ends
 * with exactly one registration and its link in their mailbox. Then the same for a burst of
 * confirmations from those links: every place or waitlist number committed gets its mail.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { SENDING_AT_ONCE } from '../../functions/registrations/outbox.ts';
import { startSmtp, toAddresses, type TestSmtp } from '../functions/helpers/smtp.ts';
import { fixtureSite, writeFixtureDist, type FixtureDist } from '../serve/helpers/fixture-dist.ts';
import { startServeProcess, type ServeProcess } from '../serve/helpers/serve-process.ts';
import { databaseKinds, startDatabase, withTables, type Database } from './helpers/databases.ts';
import { eventFacts, mailLink, signUp } from './helpers/site.ts';

const BURST = 60;
/** Killed when this many visitors have had their answer. */
const KILL_AT = 12;

interface Stored {
  registrations: Array<{ id: string; email: string; status: string }>;
  outbox: Array<{
    id: number;
    registration_id: string;
    kind: string;
    sent: boolean;
    failed: boolean;
    message_id: string;
  }>;
}

/** The tables as the server left them (read after it stopped: the embedded folder is one process's). */
const readTables = (env: Record<string, string>): Promise<Stored> =>
  withTables(env, async (client) => ({
    registrations: await client.query('SELECT id, email, status FROM registrations ORDER BY seq'),
    outbox: await client.query(
      "SELECT id::int AS id, registration_id, kind, sent_at IS NOT NULL AS sent, failed_at IS NOT NULL AS failed, message->>'messageId' AS message_id FROM mail_outbox ORDER BY id",
    ),
  }));

type Attempt = { status: number; body: unknown } | { error: string };

async function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Attempt> {
  try {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { origin: url, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  } catch (error) {
    return { error: String((error as Error).cause ?? error) };
  }
}

const signingUp = (url: string, body: Record<string, unknown>) => post(url, '/api/registrations', body);
const confirming = (url: string, link: { id: string; token: string }) =>
  post(url, `/api/registrations/${encodeURIComponent(link.id)}/confirm`, {}, { 'x-registration-token': link.token });

const registrationOf = (mail: ParsedMail) => String(mail.headers.get('x-site-registration'));

describe.each(databaseKinds('tests/registrations/crash.test.ts'))(
  'kill -9 during a burst of sign-ups, then of confirmations, on the %s database',
  (kind) => {
    let database: Database;
    let smtp: TestSmtp;
    let dist: FixtureDist;
    let env: Record<string, string>;
    let server: ServeProcess | undefined;

    beforeAll(async () => {
      [database, smtp] = await Promise.all([startDatabase(kind), startSmtp(0, { answerAtOnce: true })]);
      const site = {
        ...fixtureSite,
        events: [eventFacts(1, { capacity: 20 })],
        registrationPage: { nl: '/evenementen/inschrijvingen/[id]', en: '/en/events/registrations/[id]' },
      };
      dist = await writeFixtureDist({ 'site.json': JSON.stringify(site) });
      env = {
        ...(await database.fresh()),
        SMTP_URL: smtp.url,
        SITE_RATE_LIMIT: '0',
        SITE_OUTBOX: `${dist.dir}/outbox`,
      };
    });
    afterAll(async () => {
      if (server?.child.exitCode === null) server.child.kill('SIGKILL');
      await smtp?.close();
      await dist?.remove();
      await database?.stop();
    });

    /**
     * Sends every request at once, SIGKILLs the server once KILL_AT of them are answered, starts it
     * again on the same data (which sends what the dead one queued) and lets every visitor whose
     * request was cut try again; each answer must be `status`. Ends with the server stopped.
     */
    async function killedMidBurst<T>(
      items: readonly T[],
      send: (url: string, item: T) => Promise<Attempt>,
      status: number,
    ) {
      server = await startServeProcess({ dist: dist.dir, env });
      await server.waitFor(/registrations: mail outbox at start: 0 sent, 0 not sent/);
      const first = server;
      let answeredBeforeKill = 0;
      const attempts = await Promise.all(
        items.map(async (item) => {
          const attempt = await send(first.url, item);
          if ('status' in attempt && (answeredBeforeKill += 1) === KILL_AT) first.child.kill('SIGKILL');
          return attempt;
        }),
      );
      await first.exited;
      const answered = attempts.filter((attempt) => 'status' in attempt);
      const cut = items.filter((_, n) => 'error' in attempts[n]!);
      expect(answered.every((attempt) => 'status' in attempt && attempt.status === status)).toBe(true);
      expect(cut.length).toBeGreaterThan(0);
      // Accepted by the SMTP server before the kill but still being parsed here count as before too.
      await smtp.settled();
      const receivedBeforeRestart = smtp.received.length;

      // Started again on the same data: what the dead process queued goes out at once.
      server = await startServeProcess({ dist: dist.dir, env });
      const [, resent] = await server.waitFor(/registrations: mail outbox at start: (\d+) sent, 0 not sent/);
      const retried = await Promise.all(cut.map((item) => send(server!.url, item)));
      expect(retried.map((attempt) => ('status' in attempt ? attempt.status : attempt.error))).toEqual(
        cut.map(() => status),
      );
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      return { answered: answered.length, cut: cut.length, receivedBeforeRestart, resent: Number(resent) };
    }

    /**
     * The mails the SMTP server got from `from` on: exactly one distinct mail (Message-ID) per
     * queued row; a second copy only of a mail it took from the process that died, which had not
     * yet recorded its "accepted" (the kill came first), never one the restart itself repeats; and
     * at most as many as the outbox hands to SMTP at once (the rest waited unsent, and went once).
     * How many were sent twice.
     */
    function expectEachMailOnce(rows: Stored['outbox'], from: number, receivedBeforeRestart: number): number {
      const mails = smtp.received.slice(from).map((received) => received.mail);
      const messageIds = new Map(rows.map((row) => [row.registration_id, row.message_id]));
      expect(new Set(mails.map(registrationOf))).toEqual(new Set(messageIds.keys()));
      for (const mail of mails) expect(mail.messageId).toBe(messageIds.get(registrationOf(mail)));
      const firstSeen = new Map<string, number>();
      mails.forEach((mail, index) => {
        const seen = firstSeen.get(mail.messageId!);
        if (seen === undefined) firstSeen.set(mail.messageId!, index);
        else expect(from + seen).toBeLessThan(receivedBeforeRestart);
      });
      const duplicates = mails.length - firstSeen.size;
      expect(duplicates).toBeLessThanOrEqual(SENDING_AT_ONCE);
      return duplicates;
    }

    const bodies = Array.from({ length: BURST }, (_, n) => signUp(1, n));

    test('every stored registration gets its mail exactly once; every visitor cut off ends with one registration and its link', async () => {
      // Each visitor who heard nothing tries again: the guest's answer, and a registration (new, or the one stored).
      const burst = await killedMidBurst(bodies, signingUp, 202);

      const stored = await readTables(env);
      const mails = smtp.received.map((received) => received.mail);
      // One registration per person, pending (nobody confirmed), each with one queued request to confirm, sent.
      expect(stored.registrations.map((row) => row.email).sort()).toEqual(
        bodies.map((body) => String(body.email)).sort(),
      );
      expect(stored.registrations.every((row) => row.status === 'pending')).toBe(true);
      expect(stored.outbox.map((row) => [row.kind, row.sent, row.failed])).toEqual(
        stored.registrations.map(() => ['confirm', true, false]),
      );
      expect(new Set(stored.outbox.map((row) => row.registration_id))).toEqual(
        new Set(stored.registrations.map((row) => row.id)),
      );

      // The SMTP server got mail for exactly the stored registrations, one distinct mail (Message-ID) each.
      const duplicates = expectEachMailOnce(stored.outbox, 0, burst.receivedBeforeRestart);
      // Each visitor's mailbox holds their own link.
      for (const body of bodies) {
        const theirs = mails.filter((mail) => toAddresses(mail).includes(String(body.email)));
        expect(theirs.length).toBeGreaterThanOrEqual(1);
        expect(stored.registrations.find((row) => row.id === mailLink(theirs[0]!).id)?.email).toBe(body.email);
      }
      console.log(
        `kill -9 on ${kind}: ${BURST} sign-ups, ${burst.answered} answered before the kill, ${burst.cut} cut; ${burst.receivedBeforeRestart} mails before the restart, ${burst.resent} sent at the restart, ${duplicates} sent twice (same Message-ID); ${stored.registrations.length} registrations, ${stored.outbox.length} mails queued`,
      );
    }, 240_000);

    test('every place or waitlist number committed gets its mail, though the process died after the commit; pressing again changes nothing', async () => {
      const links = new Map(smtp.received.map((received) => mailLink(received.mail)).map((link) => [link.id, link]));
      const pending = (await readTables(env)).registrations;
      expect(pending).toHaveLength(BURST);
      const from = smtp.received.length;
      // Confirming twice is 200 with the registration as it is: a visitor who heard nothing presses again.
      const burst = await killedMidBurst(
        pending.map((row) => links.get(row.id)!),
        confirming,
        200,
      );

      const stored = await readTables(env);
      const statuses = stored.registrations.map((row) => row.status);
      expect([
        statuses.filter((status) => status === 'confirmed').length,
        statuses.filter((status) => status === 'waitlisted').length,
      ]).toEqual([20, BURST - 20]);
      // Each with one mail saying so, queued in the confirmation's transaction and sent.
      const told = stored.outbox.filter((row) => row.kind !== 'confirm');
      const statusOf = new Map(stored.registrations.map((row) => [row.id, row.status]));
      expect(told.map((row) => [row.kind, row.sent, row.failed])).toEqual(
        told.map((row) => [statusOf.get(row.registration_id), true, false]),
      );
      expect(new Set(told.map((row) => row.registration_id))).toEqual(new Set(statusOf.keys()));
      const duplicates = expectEachMailOnce(told, from, burst.receivedBeforeRestart);
      console.log(
        `kill -9 on ${kind}: ${BURST} confirmations, ${burst.answered} answered before the kill, ${burst.cut} cut; ${burst.receivedBeforeRestart - from} mails before the restart, ${burst.resent} sent at the restart, ${duplicates} sent twice (same Message-ID); ${told.length} places and waitlist numbers, each told`,
      );
    }, 240_000);
  },
);
