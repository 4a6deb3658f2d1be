import { mkdir } from 'node:fs/promises';
import { lockDataDir } from './data-lock.ts';
import type { SqlClient, SqlRunner } from './sql.ts';

/**
 * The embedded database: PGlite, PostgreSQL compiled to WebAssembly, in this process. No server
 * to install, the same SQL as production, and its files in a folder that survives restarts
 * (`memory://` keeps it in memory only). One connection: PGlite runs one transaction at a time,
 * so concurrent sign-ups queue here and can never interleave.
 *
 * Imported lazily (store.ts), so a server with DATABASE_URL never loads the WebAssembly.
 */
export async function openEmbedded(dataDir: string): Promise<SqlClient> {
  const { PGlite } = await import('@electric-sql/pglite');
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const unlock = inMemory ? async () => {} : await lockDataDir(dataDir);
  let db: InstanceType<typeof PGlite>;
  try {
    db = await PGlite.create(dataDir);
  } catch (error) {
    await unlock();
    throw error;
  }
  const runner = (target: Pick<typeof db, 'query' | 'exec'>): SqlRunner => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return (await target.query<Row>(sql, [...params])).rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  return {
    kind: 'embedded',
    location: dataDir,
    ...runner(db),
    transaction: (work) => db.transaction((tx) => work(runner(tx))),
    async close() {
      try {
        await db.close();
      } finally {
        await unlock();
      }
    },
  };
}
