import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the tests' own, from Debian's postgresql package: a fresh cluster in a
 * temporary folder on a free loopback port, stopped and deleted afterwards. The server refuses to
 * run as root, so as root it runs as the `postgres` user. Nothing here touches the machine's own
 * cluster (15/main).
 */
export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:port/<database> of a fresh, empty database. */
  createDatabase(name: string): Promise<string>;
  /** Shuts the server down (fast: open connections are cut), keeping its data and port. */
  halt(): Promise<void>;
  /** Starts a halted server again, on the same port: a database that comes back. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** bin/ of the newest installed PostgreSQL, or PG_BIN. */
export function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((name) => existsSync(join(base, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

/**
 * Whether the PostgreSQL suites can run. Locally without the binaries they are skipped with a
 * loud warning; under CI a suite that never ran must not pass, so there it throws.
 */
export function postgresAvailable(suite: string): boolean {
  if (postgresBin()) return true;
  const message = `${suite}: no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql, or set PG_BIN)`;
  if (process.env.CI === 'true' || process.env.CI === '1')
    throw new Error(`${message}; the PostgreSQL tests are required in CI`);
  const bar = '!'.repeat(message.length + 4);
  console.warn(
    `\n${bar}\n!!! ${message}\n!!! SKIPPING the PostgreSQL runs: only the embedded database was checked.\n${bar}\n`,
  );
  return false;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

const isRoot = () => process.getuid?.() === 0;

/** A server binary as a user it will run as: `postgres` when we are root. */
function asServerUser(bin: string, file: string, args: string[]) {
  const command = join(bin, file);
  return isRoot() ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
}

async function uid(user: string): Promise<{ uid: number; gid: number }> {
  const [u, g] = await Promise.all([run('id', ['-u', user]), run('id', ['-g', user])]);
  return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
}

/** `durable`: fsync and synchronous commit on, as a production server runs (the bench); tests skip them. */
export async function startPostgres(options: { durable?: boolean } = {}): Promise<TestPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries (see postgresAvailable)');
  const dir = await mkdtemp(join(tmpdir(), 'site-pg-'));
  if (isRoot()) {
    const owner = await uid('postgres');
    await chown(dir, owner.uid, owner.gid);
  }
  const data = join(dir, 'data');
  // Trust on loopback only (and, unless durable, no fsync): a throwaway cluster, fast on a busy machine.
  await asServerUser(bin, 'initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  let port = 0;
  const fast = options.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const start = () => {
    const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200${fast}`;
    return asServerUser(bin, 'pg_ctl', [
      '-D',
      data,
      '-o',
      settings,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '120',
      'start',
    ]);
  };
  for (let attempt = 1; ; attempt += 1) {
    port = await freePort();
    try {
      await start();
      break;
    } catch (error) {
      // Another suite may have taken the port between our probe and the server's bind.
      if (attempt >= 3) throw error;
    }
  }
  const base = `postgres://postgres@127.0.0.1:${port}`;
  return {
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: `${base}/postgres` });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await admin.end();
      }
      return `${base}/${name}`;
    },
    async halt() {
      await asServerUser(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    async resume() {
      await start();
    },
    async stop() {
      await asServerUser(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
