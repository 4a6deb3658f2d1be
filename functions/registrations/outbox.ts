import type { MailMessage } from '../mail/mailer.ts';
import { FewAtOnce } from './few-at-once.ts';
import type { SentJournal } from './sent-journal.ts';
import type { SqlClient, SqlRunner } from './sql.ts';

/**
 * Sends the mails queued in mail_outbox (outbox-rows.ts), each row at most once as far as SMTP
 * allows: a row is sent by one sender at a time (this process: the in-flight map; other
 * processes on PostgreSQL: a session-level advisory lock, which the server drops when the
 * process holding it dies), re-read after the lock, and marked sent right after SMTP accepted
 * it (on the embedded database first in a note on disk, sent-journal.ts). Only a process killed
 * between SMTP's "accepted" and that mark sends a row twice; both copies carry the same
 * Message-ID, so mail programs show one.
 *
 * A failure never loses the row: it is tried again later (1 minute, doubling to an hour), and
 * given up (kept, with its error, for the office) only when the recipient is refused or after a
 * week of failures.
 */
export type Send = (message: MailMessage) => Promise<unknown>;

export interface DueReport {
  sent: number;
  failed: number;
  /** When the next unsent row is due, if any is left. */
  nextDue: Date | undefined;
}

// Any fixed number besides the migrations' 710_007.
const OUTBOX_LOCK = 710_008;
/**
 * Mails handed to SMTP at once, at most. A process killed can only send again what SMTP had
 * taken but it had not yet heard accepted: in a burst on the embedded database the event loop
 * is busy for seconds, so without a bound that could be every mail of the burst; with it, at most
 * this many. The rest wait here, unsent, and go once (now, or from the next process).
 */
export const SENDING_AT_ONCE = 4;
const BATCH = 20;
const GIVE_UP_AFTER_MS = 7 * 86_400_000;

const retryDelaySeconds = (attempts: number) => Math.min(3600, 60 * 2 ** Math.max(0, attempts - 1));

/** SMTP refused the recipient itself (550 at RCPT TO): a made-up address, which no retry mends. */
function recipientRefused(error: unknown): boolean {
  const cause = (error instanceof Error && error.cause ? error.cause : error) as {
    responseCode?: unknown;
    command?: unknown;
  };
  return (
    typeof cause.responseCode === 'number' && cause.responseCode >= 500 && /RCPT/i.test(String(cause.command ?? ''))
  );
}

interface OutboxRow {
  message: MailMessage | string;
  attempts: number;
  created_at: Date | string;
  sent_at: Date | string | null;
  failed_at: Date | string | null;
  due: boolean;
}

export class Outbox {
  private readonly inFlight = new Map<number, Promise<boolean>>();
  private readonly smtp = new FewAtOnce(SENDING_AT_ONCE);
  private closing = false;
  private draining: Promise<DueReport> | undefined;

  constructor(
    private readonly client: SqlClient,
    private readonly log: (line: string) => void,
    private readonly journal: SentJournal | undefined,
  ) {}

  /** At open: what an earlier process noted as accepted by SMTP is marked sent, so it is not sent again. */
  async recover(): Promise<void> {
    if (!this.journal) return;
    const ids = await this.journal.read();
    if (ids.length > 0) {
      await this.client.query(
        'UPDATE mail_outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::bigint[]) AND sent_at IS NULL',
        [ids],
      );
    }
    await this.journal.clear();
  }

  /** Sends these rows now (their transaction committed); true when every one of them went. */
  async send(ids: readonly number[], send: Send): Promise<boolean> {
    if (ids.length === 0) return true;
    if (this.closing) return false;
    const results = await this.client.session(async (db) =>
      Promise.all(ids.map((id) => this.one(db, id, send, false))),
    );
    return results.every(Boolean);
  }

  /**
   * Sends every row that is due, a batch at a time, oldest first (one drain at a time). `all`: every
   * unsent row, also those waiting for their retry time (a process starting: a restart is the
   * operator's retry, after mending the mail settings, say).
   */
  sendDue(send: Send, all = false): Promise<DueReport> {
    this.draining ??= this.drain(send, all).finally(() => (this.draining = undefined));
    return this.draining;
  }

  private async drain(send: Send, all: boolean): Promise<DueReport> {
    let sent = 0;
    let failed = 0;
    // Onwards from the last row looked at: a row that failed (or is another process's) is not looked at twice.
    let after = 0;
    while (!this.closing) {
      const batch = await this.client.session(async (db) => {
        const due = await db.query<{ id: string | number }>(
          'SELECT id FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL AND (next_attempt_at <= now() OR $2::boolean) AND id > $3 ORDER BY id LIMIT $1',
          [BATCH, all, after],
        );
        const results: boolean[] = [];
        // One after another: a backlog after an outage must not open a connection per mail at once.
        for (const { id } of due) if (!this.closing) results.push(await this.one(db, Number(id), send, !all));
        after = Number(due.at(-1)?.id ?? after);
        return results;
      });
      sent += batch.filter(Boolean).length;
      failed += batch.filter((ok) => !ok).length;
      if (batch.length < BATCH) break;
    }
    if (this.closing) return { sent, failed, nextDue: undefined };
    const [next] = await this.client.query<{ at: Date | string | null }>(
      'SELECT min(next_attempt_at) AS at FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL',
    );
    return { sent, failed, nextDue: next?.at ? new Date(next.at) : undefined };
  }

  /** Waits for this process's sends in flight (the server is closing). */
  async settle(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([this.draining, ...this.inFlight.values()]);
  }

  /** `dueOnly`: a drain's pick, left alone if it was tried (and failed) since the drain chose it. */
  private one(db: SqlRunner, id: number, send: Send, dueOnly: boolean): Promise<boolean> {
    const running = this.inFlight.get(id);
    if (running) return running;
    const attempt = this.attempt(db, id, send, dueOnly).finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, attempt);
    return attempt;
  }

  /** True when the row is sent (now, or before); false when it failed or another process holds it. */
  private async attempt(db: SqlRunner, id: number, send: Send, dueOnly: boolean): Promise<boolean> {
    // The embedded database belongs to this process alone (data-lock.ts): the in-flight map is enough.
    const locking = this.client.kind === 'postgres';
    if (locking) {
      const [lock] = await db.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
        OUTBOX_LOCK,
        id % 2_147_483_647,
      ]);
      if (!lock?.ok) return false;
    }
    try {
      const [row] = await db.query<OutboxRow>(
        'SELECT message, attempts, created_at, sent_at, failed_at, next_attempt_at <= now() AS due FROM mail_outbox WHERE id = $1',
        [id],
      );
      if (!row || row.sent_at !== null) return row !== undefined;
      if (row.failed_at !== null || (dueOnly && !row.due)) return false;
      const message = (typeof row.message === 'string' ? JSON.parse(row.message) : row.message) as MailMessage;
      try {
        await this.smtp.run(() => send(message));
      } catch (error) {
        const attempts = Number(row.attempts) + 1;
        const giveUp = recipientRefused(error) || Date.now() - new Date(row.created_at).getTime() > GIVE_UP_AFTER_MS;
        const reason = error instanceof Error ? error.message : String(error);
        await db.query(
          `UPDATE mail_outbox SET attempts = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4), failed_at = CASE WHEN $5::boolean THEN now() END WHERE id = $1`,
          [id, attempts, reason.slice(0, 1000), retryDelaySeconds(attempts), giveUp],
        );
        this.log(
          `registrations: mail ${id} (${message.headers?.['X-Site-Registration-Mail'] ?? 'mail'} for ${message.headers?.['X-Site-Registration'] ?? '?'}) not sent: ${reason}; ${giveUp ? 'given up, kept in mail_outbox' : `trying again in ${retryDelaySeconds(attempts)} s`}`,
        );
        return false;
      }
      // Accepted by SMTP: noted and marked at once, the one moment a crash could still send it twice.
      this.journal?.note(id);
      await db.query(
        'UPDATE mail_outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1',
        [id],
      );
      return true;
    } finally {
      if (locking)
        await db.query('SELECT pg_advisory_unlock($1, $2)', [OUTBOX_LOCK, id % 2_147_483_647]).catch(() => {});
    }
  }
}
