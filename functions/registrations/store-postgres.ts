import pg from 'pg';
import type { SqlClient, SqlRunner } from './sql.ts';

/** Deadlock and serialization failures: PostgreSQL rolled back, and the same work may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 4;

/** postgres://user:secret@host/db -> postgres://user@host/db, for logs. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'postgres (unparsable DATABASE_URL)';
  }
}

/** A server that does not answer a new connection within this is down: a 503 then, not a hang. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A PostgreSQL server (DATABASE_URL): a pool of connections, each transaction on one of them.
 * Overbooking is prevented by the lock store.ts takes on the event's row, not by the pool size.
 * Only connecting has a time limit. A request waiting for a free connection waits its turn however
 * long the crowd ahead of it takes (pg's pool would give up at its connect timeout: a crowd of
 * sign-ups on a busy server then got 503s), as a request waits for the embedded database.
 */
export function openPostgres(
  url: string,
  options: { max?: number | undefined; connectTimeoutMs?: number } = {},
): SqlClient {
  const connectionTimeoutMillis = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const Client = class extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis });
    }
  };
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, idleTimeoutMillis: 30_000, Client });
  // An idle connection the server drops (restart, failover) must not crash the process.
  pool.on('error', () => {});
  const runner = (target: pg.Pool | pg.PoolClient): SqlRunner => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return (await target.query(sql, [...params])).rows as Row[];
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  });
  return {
    kind: 'postgres',
    location: withoutPassword(url),
    ...runner(pool),
    async transaction(work) {
      for (let attempt = 1; ; attempt += 1) {
        const client = await pool.connect();
        let broken: Error | undefined;
        // A client the pool has lent out has no 'error' listener of the pool's: a connection cut in
        // the middle of a transaction (server restart, failover, a killed backend) would emit an
        // error nobody hears and end the whole process. Heard here, it only fails this transaction.
        const lost = (error: Error) => (broken ??= error);
        client.on('error', lost);
        try {
          await client.query('BEGIN');
          const result = await work(runner(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          // A connection that cannot even roll back is closed instead of going back to the pool.
          await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
          const code = (error as { code?: unknown }).code;
          if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
        } finally {
          client.off('error', lost);
          client.release(broken);
        }
      }
    },
    async session(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      const lost = (error: Error) => (broken ??= error);
      client.on('error', lost);
      try {
        return await work(runner(client));
      } finally {
        // Locks this session took must not outlive it in the pool.
        await client.query('SELECT pg_advisory_unlock_all()').catch((error: Error) => (broken ??= error));
        client.off('error', lost);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
