import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadDriver, openStore, type RegistrationStore, type StoreOptions } from './store.ts';

/**
 * The registrations database of a running server: opened at the first request that needs it
 * (a server that never sees a sign-up never starts PGlite, which costs seconds and memory), kept
 * open, closed with the server.
 *
 * Open stores live in a process-wide registry, keyed by where the data is: PGlite must hold its
 * folder alone, and `site dev` loads a fresh copy of this module at every edit of functions/,
 * whose environment must find the database the previous copy opened, not open it a second time.
 */
export interface RegistrationsHandle {
  readonly options: StoreOptions;
  /** Loads the database's driver without opening anything (a server does it before it listens). */
  loadDriver(): Promise<void>;
  store(): Promise<RegistrationStore>;
  /**
   * The store if there is any data to read: a PostgreSQL server always; the embedded database
   * once a first sign-up created its folder. Reads never create it, so a site nobody signed up
   * for yet answers "no registrations" at once instead of spending seconds on an empty database.
   */
  existing(): Promise<RegistrationStore | undefined>;
  close(): Promise<void>;
}

const REGISTRY = Symbol.for('site.registrations.stores');
type Registry = Map<string, Promise<RegistrationStore>>;
const registry: Registry = ((globalThis as Record<symbol, Registry | undefined>)[REGISTRY] ??= new Map());

let memoryStores = 0;

export function registrationsHandle(options: StoreOptions, log: (line: string) => void): RegistrationsHandle {
  // Each in-memory database is its own (tests start many servers in one process).
  const key =
    options.databaseUrl ??
    (options.dataDir === undefined
      ? 'none'
      : options.dataDir.startsWith('memory://')
        ? `memory:${(memoryStores += 1)}`
        : resolve(options.dataDir));
  return {
    options,
    async loadDriver() {
      await loadDriver(options);
    },
    store() {
      let open = registry.get(key);
      if (!open) {
        const started = Date.now();
        open = openStore({ ...options, log }).then(
          (store) => {
            log(`registrations: ${store.kind} database at ${store.location} (ready in ${Date.now() - started} ms)`);
            return store;
          },
          (error: unknown) => {
            // Not kept: the next request tries again (a database that was briefly unreachable).
            registry.delete(key);
            throw error;
          },
        );
        registry.set(key, open);
      }
      return open;
    },
    async existing() {
      // Without any database (Firebase without DATABASE_URL) reads fail too, instead of showing every event empty.
      if (registry.has(key) || options.databaseUrl || options.dataDir === undefined) return this.store();
      if (options.dataDir.startsWith('memory://')) return undefined;
      const created = await stat(join(options.dataDir, 'PG_VERSION')).then(
        () => true,
        () => false,
      );
      return created ? this.store() : undefined;
    },
    async close() {
      const open = registry.get(key);
      if (!open) return;
      registry.delete(key);
      const store = await open.catch(() => undefined);
      await store?.close();
    },
  };
}
