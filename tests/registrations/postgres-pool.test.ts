import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type Server, type Socket } from 'node:net';
import { openPostgres } from '../../functions/registrations/store-postgres.ts';
import { postgresAvailable, startPostgres, type TestPostgres } from './helpers/postgres.ts';

/**
 * Issue 18: a request that waits for the database is never timed out for that wait. On PostgreSQL
 * the wait is for a free connection of the pool; only connecting to the server has a time limit.
 * (Before, pg's pool gave up after its connect timeout while a crowd of sign-ups held every
 * connection: 32 of 200 got 503 on a busy machine, bench/serve-start.mjs.)
 */
const runs = postgresAvailable('tests/registrations/postgres-pool.test.ts');
let postgres: TestPostgres;
let databaseUrl: string;

beforeAll(async () => {
  if (!runs) return;
  postgres = await startPostgres();
  databaseUrl = await postgres.createDatabase('pool_wait');
});
afterAll(async () => {
  await postgres?.stop();
});

describe.runIf(runs)('the PostgreSQL pool', () => {
  test('a query waiting for the one connection waits longer than the connect timeout, and runs', async () => {
    const client = openPostgres(databaseUrl, { max: 1, connectTimeoutMs: 300 });
    try {
      let release!: () => void;
      const held = new Promise<void>((done) => (release = done));
      let holding!: () => void;
      const started = new Promise<void>((done) => (holding = done));
      const first = client.transaction(async (tx) => {
        await tx.query('SELECT 1');
        holding();
        await held;
      });
      await started;
      const waited = performance.now();
      const second = client.query<{ answer: number }>('SELECT 42 AS answer');
      // The second query is queued behind the held connection until well past the connect timeout.
      await new Promise((done) => setTimeout(done, 900));
      release();
      await first;
      expect(await second).toEqual([{ answer: 42 }]);
      expect(performance.now() - waited).toBeGreaterThan(300);
    } finally {
      await client.close();
    }
  });

  test('a server that never answers a new connection is an error within the connect timeout', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const { port } = silent.address() as { port: number };
    const client = openPostgres(`postgres://site@127.0.0.1:${port}/site`, { max: 1, connectTimeoutMs: 300 });
    try {
      await expect(client.query('SELECT 1')).rejects.toThrow();
    } finally {
      await client.close().catch(() => {});
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => silent.close(done));
    }
  });
});
