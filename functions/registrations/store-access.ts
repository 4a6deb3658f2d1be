import { HttpError } from '../http.ts';
import type { Locale } from '../site.ts';
import type { FunctionEnv } from '../types.ts';
import { say } from './copy.ts';
import { sendDueSoon } from './mail-queue.ts';
import type { RegistrationStore } from './store.ts';

type StoreEnv = Pick<FunctionEnv, 'registrations' | 'log' | 'mailer'>;

/**
 * Runs `work` on the registrations database. A database that cannot be opened or reached is the
 * server's fault, not the visitor's: a 503 they can retry, with the cause in the log. Refusals a
 * handler raises itself (HttpError) pass through untouched.
 */
export async function withStore<T>(env: StoreEnv, locale: Locale, work: (store: RegistrationStore) => Promise<T>): Promise<T> {
  return run(env, locale, async () => {
    const store = await env.registrations.store();
    sendDueSoon(env, store);
    return work(store);
  });
}

/** The same for reads: `none` when no database exists yet (nobody ever signed up), without creating one. */
export async function withExistingStore<T>(env: StoreEnv, locale: Locale, work: (store: RegistrationStore) => Promise<T>, none: T): Promise<T> {
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
    env.log(`registrations: database failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    throw new HttpError(503, say[locale].unavailable, undefined, { 'retry-after': '30' });
  }
}
