import { readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { SqlClient } from '../../../functions/registrations/sql.ts';
import { openStore } from '../../../functions/registrations/store.ts';
import { postgresAvailable, startPostgres, type TestPostgres } from './postgres.ts';

/**
 * The two databases every registrations suite runs on: the embedded PGlite (what `site serve`
 * uses out of the box) and a real PostgreSQL server (DATABASE_URL), started by the suite itself.
 */
export interface Database {
  name: 'embedded' | 'postgres';
  /** Environment for startServer: a fresh, empty, migrated database each call. */
  fresh(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

const root = resolve(import.meta.dirname, '../../..');
// Named after the PGlite version: a data folder of another version must not be copied.
const pgliteVersion = (
  JSON.parse(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
const template = join(root, '.site', 'test-registrations', `embedded-template-${pgliteVersion}`);
const lock = `${template}.building`;

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** The lock's owner, if it is still running: a lock left by a killed run is taken over at once. */
async function ownerAlive(): Promise<boolean> {
  const pid = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => ''));
  if (!pid) {
    // Taken a moment ago and its pid not written yet, or its owner died in between.
    const taken = (await stat(lock).catch(() => undefined))?.mtimeMs;
    return taken !== undefined && Date.now() - taken < 10_000;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite's first start in an empty folder runs initdb in WebAssembly: 8 s on a quiet machine,
 * minutes on a busy one. It is paid once (in CI by the global setup, before any suite starts):
 * later databases are copies of a migrated one (a copied data folder opens in about a second),
 * made under a lock since suites run in parallel processes. The template appears by one rename,
 * so a suite never copies half of it; a lock whose owner was killed (a hook's time-out ends its
 * process) is taken over at once instead of stalling every other suite.
 */
export async function embeddedTemplate(): Promise<string> {
  if (await exists(join(template, 'PG_VERSION'))) return template;
  await mkdir(dirname(template), { recursive: true });
  const until = Date.now() + 600_000;
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await exists(join(template, 'PG_VERSION'))) return template;
      if (!(await ownerAlive())) await rm(lock, { recursive: true, force: true });
      else if (Date.now() > until) throw new Error(`waited 10 minutes for ${lock}`);
      await new Promise((done) => setTimeout(done, 250));
    }
  }
  try {
    if (await exists(join(template, 'PG_VERSION'))) return template;
    const building = `${template}.${process.pid}`;
    await rm(building, { recursive: true, force: true });
    const store = await openStore({ dataDir: building });
    await store.close();
    await rm(`${building}.mail-sent`, { force: true }); // the journal openStore keeps beside its folder
    // Two waiters that take over a dead owner's lock at the same moment can both get here: the
    // first rename wins and the other's copy is dropped. A complete template is never replaced (a
    // suite may be copying it); a rename cannot land over a folder that is not empty, so a folder
    // there without PG_VERSION is a leftover of an older version of this helper, moved aside.
    for (;;) {
      try {
        await rename(building, template);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' && (error as NodeJS.ErrnoException).code !== 'EEXIST')
          throw error;
        if (await exists(join(template, 'PG_VERSION'))) {
          await rm(building, { recursive: true, force: true });
          break;
        }
        const leftover = `${template}.leftover.${process.pid}`;
        await rename(template, leftover).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error; // another builder moved it aside first
        });
        await rm(leftover, { recursive: true, force: true });
      }
    }
    return template;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

export async function embedded(): Promise<Database> {
  const source = await embeddedTemplate();
  const dirs: string[] = [];
  return {
    name: 'embedded',
    async fresh() {
      const dir = await mkdtemp(join(tmpdir(), 'site-data-'));
      dirs.push(dir);
      await cp(source, join(dir, 'data'), { recursive: true });
      return { SITE_DATA_DIR: join(dir, 'data') };
    },
    async stop() {
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

export async function postgres(options: { durable?: boolean } = {}): Promise<Database> {
  const server: TestPostgres = await startPostgres(options);
  let count = 0;
  return {
    name: 'postgres',
    async fresh() {
      count += 1;
      return { DATABASE_URL: await server.createDatabase(`registrations_${process.pid}_${count}`) };
    },
    stop: () => server.stop(),
  };
}

/** The databases a suite runs on: both, or (locally, without PostgreSQL, loudly) the embedded one. */
export function databaseKinds(suite: string): Array<Database['name']> {
  return postgresAvailable(suite) ? ['embedded', 'postgres'] : ['embedded'];
}

export const startDatabase = (kind: Database['name']): Promise<Database> =>
  kind === 'embedded' ? embedded() : postgres();

/**
 * Plain SQL on the database of a server's environment (DATABASE_URL or SITE_DATA_DIR), for a test
 * to read what was stored or to move a clock. The embedded folder belongs to one process at a
 * time: stop the server first.
 */
export async function withTables<T>(env: Record<string, string>, work: (client: SqlClient) => Promise<T>): Promise<T> {
  const client = env.DATABASE_URL
    ? (await import('../../../functions/registrations/store-postgres.ts')).openPostgres(env.DATABASE_URL)
    : await (await import('../../../functions/registrations/store-embedded.ts')).openEmbedded(env.SITE_DATA_DIR!);
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}
