/**
 * `site serve` and its embedded database (issue 18): the database starts with the server, in a
 * process of its own; pages are served while it starts; a sign-up that arrives first waits for it
 * and is not cut off by the request timeout; the server says it is ready only once the database is.
 * Timing figures (latency while starting cold under 200 sign-ups): bench/serve-start.mjs.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer } from '../../cli/serve/server.ts';
import { embedded, type Database } from '../registrations/helpers/databases.ts';
import { eventFacts, signUp } from '../registrations/helpers/site.ts';
import { fixtureSite, writeFixtureDist, type FixtureDist } from './helpers/fixture-dist.ts';

let database: Database;
let dist: FixtureDist;
beforeAll(async () => {
  database = await embedded();
  dist = await writeFixtureDist({
    'site.json': JSON.stringify({ ...fixtureSite, events: [eventFacts(1, { capacity: 1 })] }),
  });
});
afterAll(async () => {
  await dist?.remove();
  await database?.stop();
});

const postSignUp = (url: string, n: number) =>
  fetch(`${url}/api/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(signUp(1, n)),
  });

test('pages are served while the database starts; a sign-up waits for it, longer than the request timeout, and is taken', async () => {
  // PGlite's start (9 MB of WebAssembly compiled, PostgreSQL started) takes over a second on any
  // machine: longer than this timeout, which is still well above a busy machine's scheduling noise.
  const requestTimeoutMs = 500;
  const server = await startServer({
    dist: dist.dir,
    port: 0,
    host: '127.0.0.1',
    env: { SITE_RATE_LIMIT: '0', SITE_OUTBOX: join(dist.dir, 'outbox'), ...(await database.fresh()) },
    root: dist.dir,
    log: () => {},
    warmUp: true,
    limits: { requestTimeoutMs, headersTimeoutMs: requestTimeoutMs },
  });
  try {
    let ready = false;
    void server.ready.then(() => (ready = true));
    const started = Date.now();
    const signUps = [1, 2, 3].map((n) => postSignUp(server.url, n));
    const page = await fetch(`${server.url}/kampen`);
    expect(page.status).toBe(200);
    // What makes this test mean something: the page came while the database was still starting,
    // and the sign-ups waited for it longer than the request timeout.
    expect(ready).toBe(false);
    const answers = await Promise.all(signUps);
    expect(Date.now() - started).toBeGreaterThan(requestTimeoutMs);
    // Taken: stored, each waiting for its confirmation from the mail (a guest's, issue 17).
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
    expect(await server.ready).toEqual({ database: expect.stringMatching(/^embedded at .+, started in \d+ ms$/) });
  } finally {
    await server.close(1000);
  }
});

test('a site without events starts no database at all, and the mail rendered at start is not kept', async () => {
  const plain = await writeFixtureDist();
  const dataDir = join(plain.dir, 'data');
  try {
    const server = await startServer({
      dist: plain.dir,
      port: 0,
      host: '127.0.0.1',
      env: { SITE_DATA_DIR: dataDir },
      root: plain.dir,
      log: () => {},
      warmUp: true,
    });
    expect(await server.ready).toEqual({});
    await server.close(1000);
    expect(existsSync(dataDir)).toBe(false);
    // The mail rendered before listening (renderOneMail, warmUp) is thrown away: no outbox, nothing written.
    expect(existsSync(join(plain.dir, '.site', 'outbox'))).toBe(false);
  } finally {
    await plain.remove();
  }
});

/** Linux: each thread's niceness, by thread id (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNiceness(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((task) => {
    const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}
const childrenOf = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number),
  );

describe('site serve as a process', () => {
  test('says it serves pages at once, and that it is ready only once the database has started', async () => {
    const env = await database.fresh();
    const script = `import { runServe } from ${JSON.stringify(resolve('cli/serve/run.ts'))};
await runServe({ dist: ${JSON.stringify(dist.dir)}, port: 0, host: '127.0.0.1', log: () => {} });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, ...env, SITE_RATE_LIMIT: '0', SITE_OUTBOX: join(dist.dir, 'outbox') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const until = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((done, fail) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) {
            child.stdout.off('data', check);
            done(match);
          }
        };
        child.stdout.on('data', check);
        child.once('exit', (code) => fail(new Error(`exited ${code}:\n${output}`)));
        check();
      });
    try {
      const url = (await until(/serving pages on (http:\/\/[\d.]+:\d+); the registrations database is starting/))[1]!;
      expect(output).not.toContain('ready:');
      const [answer] = await Promise.all([
        postSignUp(url, 9),
        until(/site serve: ready: .+ on http:\S+ \(registrations: embedded at .+, started in \d+ ms\)/),
      ]);
      expect(answer.status).toBe(202);
      expect(output.indexOf('serving pages on')).toBeLessThan(output.indexOf('ready:'));
      // The database's process gives way to the server's (2 cores: pages first), in every thread
      // it has (Linux sets priority per thread; V8's compile the WebAssembly).
      if (process.platform === 'linux') {
        // (tsx, which runs this server from TypeScript, has a process of its own too.)
        const databases = childrenOf(child.pid!).filter((pid) =>
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('PGlite'),
        );
        expect(databases).toHaveLength(1);
        const server = threadNiceness(child.pid!)[0]!;
        expect(server).toBeLessThan(10);
        expect(new Set(threadNiceness(databases[0]!))).toEqual(new Set([10]));
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
  });
});
