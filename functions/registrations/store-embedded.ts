import { mkdir } from 'node:fs/promises';
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
  const db = await PGlite.create(dataDir);
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
    close: () => db.close(),
  };
}
