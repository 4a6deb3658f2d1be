import { HttpError } from '../http.ts';
import type { Locale } from '../site.ts';
import type { FunctionEnv } from '../types.ts';
import { say } from './copy.ts';
import type { RegistrationStore } from './store.ts';

/**
 * Runs `work` on the registrations database. A database that cannot be opened or reached is the
 * server's fault, not the visitor's: a 503 they can retry, with the cause in the log. Refusals a
 * handler raises itself (HttpError) pass through untouched.
 */
export async function withStore<T>(env: Pick<FunctionEnv, 'registrations' | 'log'>, locale: Locale, work: (store: RegistrationStore) => Promise<T>): Promise<T> {
  return run(env, locale, async () => work(await env.registrations.store()));
}

/** The same for reads: `none` when no database exists yet (nobody ever signed up), without creating one. */
export async function withExistingStore<T>(env: Pick<FunctionEnv, 'registrations' | 'log'>, locale: Locale, work: (store: RegistrationStore) => Promise<T>, none: T): Promise<T> {
  return run(env, locale, async () => {
    const store = await env.registrations.existing();
    return store ? work(store) : none;
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
