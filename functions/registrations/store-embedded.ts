import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { lockDataDir } from './data-lock.ts';
import { initializeApart, startEmbeddedProcess, type EmbeddedProcess } from './embedded-process.ts';
import type { SqlClient, SqlRunner } from './sql.ts';

/**
 * The embedded database: PGlite, PostgreSQL compiled to WebAssembly, in a process of its own that
 * this one starts and stops (embedded-process.ts). No server to install, the same SQL as production, and its files in a
 * folder that survives restarts (`memory://` keeps it in memory only). One connection: statements
 * and transactions take turns here, so concurrent sign-ups queue and can never interleave.
 *
 * Imported lazily (store.ts), so a server with DATABASE_URL never starts it.
 */
export async function openEmbedded(dataDir: string): Promise<SqlClient> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const unlock = inMemory ? async () => {} : await lockDataDir(dataDir);
  let database: EmbeddedProcess;
  try {
    const created =
      inMemory ||
      (await stat(join(dataDir, 'PG_VERSION')).then(
        () => true,
        () => false,
      ));
    if (!created) await initializeApart(dataDir);
    database = await startEmbeddedProcess(dataDir);
  } catch (error) {
    await unlock();
    throw error;
  }
  const { query, exec } = database;
  const runner: SqlRunner = { query, exec };

  // One at a time: a statement sent while a transaction is open would run inside it.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work);
    turn = result.catch(() => {});
    return result;
  };
  const inTurns: SqlRunner = {
    query: (sql, params) => inTurn(() => query(sql, params)),
    exec: (sql) => inTurn(() => exec(sql)),
  };
  return {
    kind: 'embedded',
    location: dataDir,
    ...inTurns,
    transaction: (work) =>
      inTurn(async () => {
        await exec('BEGIN');
        try {
          const result = await work(runner);
          await exec('COMMIT');
          return result;
        } catch (error) {
          await exec('ROLLBACK').catch(() => {});
          throw error;
        }
      }),
    // One connection is all there is, and one process per folder (data-lock.ts): a session is its
    // statements taking their turns like any others.
    session: (work) => work(inTurns),
    async close() {
      try {
        await inTurn(() => database.close());
      } finally {
        await unlock();
      }
    },
  };
}
