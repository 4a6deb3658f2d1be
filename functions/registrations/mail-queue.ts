import type { FunctionEnv } from '../types.ts';
import type { Send } from './outbox.ts';
import type { RegistrationStore } from './store.ts';

/**
 * When the queued registration mails go out (outbox.ts sends them): a write's own mails right
 * after its commit, while the visitor waits for the answer; whatever else is due (left by a
 * process that died, or waiting for a retry) when the database is opened at start, and after
 * any request that used it, at most once a minute unless a retry is due sooner. There is no
 * cron on Firebase Functions: the requests are the clock there, and `site serve` adds a timer
 * for the next retry.
 */
type QueueEnv = Pick<FunctionEnv, 'mailer' | 'log'>;

interface QueueState {
  /** Not before this (ms): the next look for due mails. */
  nextLook: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

const LOOK_EVERY_MS = 60_000;
const states = new WeakMap<RegistrationStore, QueueState>();

const sender =
  (env: QueueEnv): Send =>
  (message) =>
    env.mailer.sendMail(message, { keepUndelivered: false });

/** A write's own mails, sent after its commit; true when all went. A failure is retried later, never lost. */
export async function sendAfterCommit(
  env: QueueEnv,
  store: RegistrationStore,
  ids: readonly number[],
): Promise<boolean> {
  try {
    return await store.sendMails(ids, sender(env));
  } catch (error) {
    // The rows are committed; the database went away before they were sent. The next look sends them.
    env.log(
      `registrations: queued mails ${ids.join(', ')} wait for the next try: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
}

/**
 * Looks for due mails in the background, unless it looked less than a minute ago (and no retry
 * is due since). `reason` 'start' sends every unsent mail, due or not (a restart is the
 * operator's retry), and always logs what it found.
 */
export function sendDueSoon(env: QueueEnv, store: RegistrationStore, reason: 'start' | 'request' = 'request'): void {
  let state = states.get(store);
  if (!state) states.set(store, (state = { nextLook: 0, timer: undefined }));
  const now = Date.now();
  if (reason === 'request' && now < state.nextLook) return;
  state.nextLook = now + LOOK_EVERY_MS;
  const current = state;
  void store.sendDueMails(sender(env), reason === 'start').then(
    ({ sent, failed, nextDue }) => {
      if (reason === 'start' || sent + failed > 0)
        env.log(
          `registrations: mail outbox${reason === 'start' ? ' at start' : ''}: ${sent} sent, ${failed} not sent${nextDue ? `, next try ${nextDue.toISOString()}` : ''}`,
        );
      if (!nextDue) return;
      const wait = Math.max(1000, nextDue.getTime() - Date.now());
      current.nextLook = Math.min(current.nextLook, Date.now() + wait);
      clearTimeout(current.timer);
      // `site serve` retries on time; where timers do not run between requests (Firebase), the next request does.
      current.timer = setTimeout(() => sendDueSoon(env, store), wait);
      current.timer.unref?.();
    },
    (error: unknown) =>
      env.log(
        `registrations: the mail outbox could not be read: ${error instanceof Error ? error.message : String(error)}`,
      ),
  );
}
