import { HttpError } from '../http.ts';
import type { Locale } from '../../shared/locale.ts';
import type { FunctionEnv } from '../types.ts';
import { say } from './copy.ts';
import { FewAtOnce } from './few-at-once.ts';
import { sendDueSoon } from './mail-queue.ts';
import type { RegistrationStore } from './store.ts';

type StoreEnv = Pick<FunctionEnv, 'registrations' | 'log' | 'mailer'>;

/**
 * Writes (sign-ups, confirmations, cancellations), each with its mail step, are handed to a
 * database a few at a time, in the order they came. 200 sign-ups at once used to be 200
 * transactions at once: on the embedded database (one connection) every visitor's mail step then
 * queued behind all of them, so the whole crowd was answered at the end, together, and the server
 * juggled 200 requests' work at once. In line, each waits only for those before it and holds
 * nothing meanwhile (no connection, no lock); there is no time limit on the wait and no refusal:
 * a sign-up that waits is still taken. Four: one write's mail goes out while the next ones'
 * transactions run (as many as the outbox sends at once); more would only lengthen the database's
 * own queue (one connection embedded; on PostgreSQL an event's writes wait for its row lock anyway).
 */
export const WRITES_AT_ONCE = 4;
const lines = new WeakMap<RegistrationStore, FewAtOnce>();

/**
 * Runs a write on the registrations database, in its line. A database that cannot be opened or
 * reached is the server's fault, not the visitor's: a 503 they can retry, with the cause in the
 * log. Refusals a handler raises itself (HttpError) pass through untouched.
 */
export async function withStoreForWrite<T>(
  env: StoreEnv,
  locale: Locale,
  work: (store: RegistrationStore) => Promise<T>,
): Promise<T> {
  return run(env, locale, async () => {
    const store = await env.registrations.store();
    sendDueSoon(env, store);
    let line = lines.get(store);
    if (!line) lines.set(store, (line = new FewAtOnce(WRITES_AT_ONCE)));
    return line.run(() => work(store));
  });
}

/** The same for reads: `none` when no database exists yet (nobody ever signed up), without creating one. */
export async function withExistingStore<T>(
  env: StoreEnv,
  locale: Locale,
  work: (store: RegistrationStore) => Promise<T>,
  none: T,
): Promise<T> {
  return run(env, locale, async () => {
    const store = await env.registrations.existing();
    if (!store) return none;
    // Any request that reaches the database also sends what is due: the clock where no timer runs.
    sendDueSoon(env, store);
    return work(store);
  });
}

async function run<T>(env: Pick<FunctionEnv, 'log'>, locale: Locale, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    env.log(
      `registrations: database failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    throw new HttpError(503, say[locale].unavailable, undefined, { 'retry-after': '30' });
  }
}
