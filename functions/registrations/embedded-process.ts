import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { SqlRunner } from './sql.ts';

/**
 * PGlite off the server's event loop. Its start compiles 9 MB of WebAssembly and runs PostgreSQL's
 * start-up in it for seconds; in the server's thread that held every page for as long (2.9 to
 * 9.8 s), and in a worker thread of the same process it still took the server's thread off the
 * processor for up to 240 ms at a time on a busy machine: the compile runs on the process's shared
 * threads. So it runs in a process of its own, at a lower priority, and the server only passes
 * statements and rows (the "advanced" channel keeps dates and numbers as they are). Measurements:
 * bench/RESULTS.md, "site serve: a cold start under sign-ups" and "site serve: PGlite memory settings".
 *
 * The child's code is a string, not a file: the same code runs from TypeScript (tests), the CLI's
 * bundle, `site dev`'s functions bundle and the Firebase bundle, each in another folder; PGlite is
 * found from here and handed over by URL.
 */

/**
 * PostgreSQL's memory, for a database of a few thousand rows: PGlite's default 128 MB of shared
 * buffers fill as pages are read, and every buffer, connection and lock slot is memory of the
 * process. 8 MB holds about a thousand pages, many times a site's registrations; a single-user
 * database needs no more than a connection or two.
 */
export const EMBEDDED_SETTINGS = [
  'shared_buffers=8MB',
  'max_connections=2',
  'max_wal_senders=0',
  'max_replication_slots=0',
  'autovacuum_worker_slots=1',
];

/** Below the server's: pages first when the processor is short. */
const DATABASE_NICENESS = 10;

/** The URL of PGlite's module, for a process that has no way to resolve it itself. */
function pgliteUrl(): string {
  const resolveFromHere = (import.meta as { resolve?: (specifier: string) => string }).resolve;
  // import.meta.resolve in ES modules; the Firebase bundle is CommonJS, where require resolves.
  return typeof resolveFromHere === 'function'
    ? resolveFromHere('@electric-sql/pglite')
    : pathToFileURL(require.resolve('@electric-sql/pglite')).href;
}

/**
 * Opens the database and answers `{ id, op, sql, params }` with `{ id, rows }` or `{ id, error }`;
 * `init` only creates it and ends. It stops when told (`close`) or when the server is gone; the
 * signals a terminal sends to the whole group (Ctrl-C) are the server's to act on.
 */
const childCode = `
const [pglite, dataDir, settings, init, niceness] = JSON.parse(process.argv[1]);
// Linux gives each thread its own priority, and the server could only lower this process's first
// one: V8's threads (which compile the WebAssembly) may have started before. Every one of them, then.
try {
  for (const task of require('node:fs').readdirSync('/proc/self/task')) require('node:os').setPriority(Number(task), niceness);
} catch {}
const plain = (error) => ({ message: error && error.message ? error.message : String(error), code: error && error.code, stack: error && error.stack });
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
import(pglite).then(async ({ PGlite }) => {
  const startParams = [...PGlite.defaultStartParams, ...settings.flatMap((setting) => ['-c', setting])];
  const db = await PGlite.create(dataDir, { startParams });
  if (init) return db.close().then(() => process.exit(0));
  let closing;
  const close = () => (closing ??= db.close().catch(() => {}));
  process.on('disconnect', () => close().then(() => process.exit(0)));
  process.on('message', async ({ id, op, sql, params }) => {
    try {
      if (op === 'query') process.send({ id, rows: (await db.query(sql, params)).rows });
      else if (op === 'exec') process.send({ id, rows: (await db.exec(sql), []) });
      else await close().then(() => process.send({ id, rows: [] }, () => process.exit(0)));
    } catch (error) {
      process.send({ id, error: plain(error) });
    }
  });
  process.send({ id: 0, rows: [] });
}).catch((error) => {
  if (process.send) process.send({ id: 0, error: plain(error) }, () => process.exit(1));
  else { console.error(error && error.stack || error); process.exit(1); }
});
`;

function startChild(dataDir: string, init: boolean): ChildProcess {
  const child = spawn(
    process.execPath,
    ['-e', childCode, JSON.stringify([pgliteUrl(), dataDir, EMBEDDED_SETTINGS, init, DATABASE_NICENESS])],
    {
      stdio: ['ignore', 'ignore', 'pipe', ...(init ? [] : (['ipc'] as const))],
      serialization: 'advanced',
    },
  );
  try {
    if (child.pid) setPriority(child.pid, DATABASE_NICENESS);
  } catch {
    // Not allowed here (some containers): it runs at the server's priority, still off its thread.
    // (The child sets it on its threads itself too, so a thread started before this call is not missed.)
  }
  return child;
}

/** A database error from the database process, with PostgreSQL's SQLSTATE `code` as PGlite gave it. */
export class EmbeddedError extends Error {
  readonly code: string | undefined;
  constructor(error: { message: string; code?: string; stack?: string }) {
    super(error.message);
    this.name = 'EmbeddedError';
    this.code = error.code;
    if (error.stack)
      this.stack = `${this.name}: ${error.message}\n(in the database process)\n${error.stack.split('\n').slice(1).join('\n')}`;
  }
}

export interface EmbeddedProcess extends SqlRunner {
  close(): Promise<void>;
}

interface Answer {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string; stack?: string };
}

/** Starts the database process; resolves once PostgreSQL in it runs (or rejects with why not). */
export function startEmbeddedProcess(dataDir: string): Promise<EmbeddedProcess> {
  const child = startChild(dataDir, false);
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let next = 1;
  let gone: Error | undefined;
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = `${errors}${chunk.toString()}`.slice(-4000)));
  child.on('message', ({ id, rows, error }: Answer) => {
    const request = waiting.get(id);
    waiting.delete(id);
    if (error) request?.reject(new EmbeddedError(error));
    else request?.resolve(rows ?? []);
  });
  const fail = (error: Error) => {
    gone ??= error;
    for (const request of waiting.values()) request.reject(gone);
    waiting.clear();
  };
  child.on('error', fail);
  child.on('exit', (code, signal) =>
    fail(
      new Error(
        `the embedded database's process ended (${signal ?? `exit code ${code}`})${errors.trim() ? `: ${errors.trim()}` : ''}`,
      ),
    ),
  );
  const send = <Row>(op: 'query' | 'exec' | 'close', sql = '', params: readonly unknown[] = []) =>
    new Promise<Row[]>((resolve, reject) => {
      if (gone) return reject(gone);
      const id = next++;
      waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      child.send({ id, op, sql, params: [...params] });
    });
  const exited = new Promise<void>((resolve) =>
    child.exitCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
  return new Promise<EmbeddedProcess>((resolve, reject) => {
    waiting.set(0, {
      resolve: () =>
        resolve({
          query: (sql, params) => send('query', sql, params),
          exec: async (sql) => void (await send('exec', sql)),
          async close() {
            await send('close').catch(() => {});
            await exited;
          },
        }),
      reject: (error) => {
        child.kill();
        void exited.then(() => reject(error));
      },
    });
  });
}

/**
 * PostgreSQL's first start in an empty folder (initdb), in a process that ends when it is done:
 * it needs about 500 MB more than a running database, which a process that stays up would keep.
 */
export function initializeApart(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = startChild(dataDir, true);
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(`creating the embedded database in ${dataDir} failed: ${errors.trim() || `exit code ${code}`}`),
          ),
    );
  });
}
