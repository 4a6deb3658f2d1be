#!/usr/bin/env node
// `site serve` starting cold under a crowd (issue 18): the server is started (its own process, as
// in production), and the moment it listens, 200 sign-ups arrive at once while a static page is
// asked for every 10 ms (on a new connection and on a kept-alive one in turn). Measured: every static page's latency (p50, p99, max: none may exceed
// 200 ms), every sign-up's status (no 408, no error) and latency, the time to "ready", and the RSS
// of the server's processes (the server and, on the embedded database, its database process)
// idle after start, at the peak of the load, and idle after it; on the embedded database (an
// existing data folder, and a first start in an empty one) and on a PostgreSQL server.
// `--part memory` measures PGlite alone under each of its memory settings. `--compare <dir>`
// also runs the `site serve` of another checkout (with its node_modules), run for run beside this
// one, so "before" and "after" a change meet the same load.
//
// The page requests come from a thread of their own: the crowd's 200 answers, read by this
// thread, must not delay the reading of a page (on the Internet they come from other machines).
//
//   flock /tmp/bench.lock node bench/serve-start.mjs [--runs 3] [--compare ../main-checkout] [--only NAME] [--cpu-prof DIR] [--write]
//   flock /tmp/bench.lock node bench/serve-start.mjs --part memory [--write]
//
// --write puts the tables into bench/RESULTS.md under "## site serve: a cold start under sign-ups
// (issue 18)" and, with --part memory, "## site serve: PGlite memory settings (issue 18)".
import { execFileSync, spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import {
  embedded,
  eventFacts,
  fixtureSite,
  load,
  postgres,
  postgresBin,
  signUp,
  writeFixtureDist,
} from './registrations-fixtures.mjs';
import { writeSection } from './results.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    compare: { type: 'string' },
    signups: { type: 'string', default: '200' },
    part: { type: 'string', default: 'start' },
    only: { type: 'string' },
    'cpu-prof': { type: 'string' },
    write: { type: 'boolean', default: false },
  },
});
const signups = Number(args.signups);
// --cpu-prof DIR: every server started writes a V8 CPU profile (0.25 ms samples) into DIR as it stops.
const profileFlags = args['cpu-prof']
  ? ['--cpu-prof', '--cpu-prof-dir', resolve(args['cpu-prof']), '--cpu-prof-interval', '250']
  : [];

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
};
const mb = (kb) => Math.round(kb / 1024);
// The project folder of every server started here (its .site/ when a setting does not say otherwise).
const serveRoot = await mkdtemp(join(tmpdir(), 'site-bench-root-'));

/** VmRSS in kB of a process and all its descendants (Linux /proc). */
async function treeRss(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const own = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => []);
  const children = (
    await Promise.all(tasks.map((task) => readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '')))
  )
    .join(' ')
    .split(/\s+/)
    .filter(Boolean);
  const below = await Promise.all(children.map(async (child) => ({ pid: child, ...(await treeRss(child)) })));
  return { own, total: own + below.reduce((sum, child) => sum + child.total, 0) };
}

/** `site serve` of a checkout as production runs it (`npx site serve`); resolves at its first line with a URL (it listens). */
function serve(dist, env, checkout = root) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...profileFlags,
      join(checkout, 'bin/site.mjs'),
      'serve',
      '--root',
      serveRoot,
      '--out',
      dist,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
    ],
    {
      cwd: checkout,
      env: { ...process.env, SMTP_URL: '', SITE_RATE_LIMIT: '0', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let text = '';
  let readyAt;
  const ready = new Promise((done) => {
    child.stdout.on('data', (chunk) => {
      text += chunk;
      if (readyAt === undefined && /site serve: (ready|.* WITHOUT)/.test(text)) {
        readyAt = performance.now() - started;
        done(readyAt);
      }
    });
  });
  const url = new Promise((done, fail) => {
    const check = () => {
      const match = / on (http:\/\/[\d.]+:\d+)/.exec(text);
      if (match) done({ url: match[1], listenedAt: performance.now() - started });
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => fail(new Error(`site serve exited with ${code}:\n${text}`)));
  });
  return {
    child,
    url,
    ready,
    output: () => text,
    stop: () =>
      new Promise((done) => (child.exitCode !== null ? done() : (child.once('exit', done), child.kill('SIGTERM')))),
  };
}

/**
 * Visitors asking for a static page, in a thread of their own, until told to stop; answers every
 * page's status, latency (headers and body) in ms and how it came (`fresh`: on a new connection).
 * Two kinds, each a page every 20 ms: one arriving (a new connection per page, timed from the
 * connect: what a visitor who comes in the middle of the crowd waits, the accept queue included),
 * one browsing (kept-alive connections, six like a browser's per host, timed from when the request
 * has its connection: a probe every 20 ms is not one visitor's pace, so the wait for a free
 * connection in this client, which no browser would have at that pace, is kept apart as queuedMs).
 */
const pageVisitor = `
const { request, Agent } = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const browser = new Agent({ keepAlive: true, maxSockets: 6 });
const pages = [];
const inFlight = [];
const visiting = performance.now();
const get = (agent) => new Promise((done) => {
  const asked = performance.now();
  let sent = asked;
  const at = asked - visiting;
  const fresh = agent === false;
  const req = request(workerData, { agent, headers: { 'accept-encoding': 'br' } }, (res) => {
    res.resume();
    res.on('end', () => done({ status: res.statusCode, ms: performance.now() - sent, queuedMs: sent - asked, at, fresh }));
  });
  req.once('socket', () => (sent = performance.now()));
  req.on('error', (error) => done({ status: 0, ms: performance.now() - sent, queuedMs: sent - asked, at, fresh, error: error.message }));
  req.end();
});
const visit = (agent) => inFlight.push(get(agent).then((page) => pages.push(page)));
const arriving = setInterval(() => visit(false), 20);
let browsing;
setTimeout(() => (browsing = setInterval(() => visit(browser), 20)), 10);
parentPort.once('message', async () => {
  clearInterval(arriving);
  clearInterval(browsing);
  await Promise.all(inFlight);
  browser.destroy();
  parentPort.postMessage(pages);
});
`;

function visitPages(url) {
  const worker = new Worker(pageVisitor, { eval: true, workerData: url });
  return {
    async stop() {
      const pages = new Promise((done) => worker.once('message', done));
      worker.postMessage('stop');
      const result = await pages;
      await worker.terminate();
      return result;
    },
  };
}

/** One sign-up as the island sends it, each on its own connection (they all arrive at once). */
function timedSignUp(url, n) {
  const body = JSON.stringify(signUp(1, n));
  const started = performance.now();
  return new Promise((done) => {
    const req = request(
      `${url}/api/registrations`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: url },
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on('error', (error) => done({ status: 0, ms: performance.now() - started, error: error.message }));
    req.end(body);
  });
}

/**
 * When the pages over 200 ms were asked for (seconds after the server listened), as stretches of
 * pages asked for one after the other: one stall of the server reads as one stretch, a server
 * that falls behind over time as many.
 */
function slowStretches(pages) {
  const stretches = [];
  for (const page of pages.filter((p) => p.ms > 200).sort((a, b) => a.at - b.at)) {
    const last = stretches.at(-1);
    if (last && page.at - last.to < 50) Object.assign(last, { to: page.at, count: last.count + 1 });
    else stretches.push({ from: page.at, to: page.at, count: 1 });
  }
  return (
    stretches
      .map(({ from, to, count }) => `${(from / 1000).toFixed(2)}-${(to / 1000).toFixed(2)} s (${count})`)
      .join(', ') || '–'
  );
}

/**
 * One cold start: the crowd and the page requests from the moment the server listens, for at least
 * `minMs` (a run without a crowd measures the pages alone).
 */
async function coldStart(
  name,
  run,
  env,
  dist,
  { crowdSize = signups, minMs = 0, checkout = root, label = 'this checkout' } = {},
) {
  // The 1-minute load average as the run starts: how busy the machine was before this server added to it.
  const load = loadavg()[0].toFixed(1);
  const server = serve(dist, env, checkout);
  const { url, listenedAt } = await server.url;
  const visitor = visitPages(`${url}/kampen`);
  let peak = 0;
  const sampler = setInterval(async () => (peak = Math.max(peak, (await treeRss(server.child.pid)).total)), 100);
  const listening = performance.now();
  const crowd = await Promise.all(Array.from({ length: crowdSize }, (_, n) => timedSignUp(url, n)));
  const readyAt = await server.ready;
  await sleep(Math.max(500, minMs - (performance.now() - listening)));
  const pages = await visitor.stop();
  clearInterval(sampler);
  await sleep(5000);
  const after = await treeRss(server.child.pid);
  await server.stop();
  const failed = crowd.filter((signUp) => signUp.status === 0 || signUp.status >= 400);
  if (failed.length)
    console.error(
      `${name}: ${failed.length} sign-ups failed; the server said:\n${server
        .output()
        .split('\n')
        .filter((line) => !/" (2|3)\d\d /.test(line))
        .slice(-40)
        .join('\n')}`,
    );
  const pageMs = pages.map((page) => page.ms);
  const statuses = {};
  for (const { status } of crowd) statuses[status] = (statuses[status] ?? 0) + 1;
  const row = {
    name,
    label,
    run,
    load,
    listenedAt: Math.round(listenedAt),
    readyAt: Math.round(readyAt),
    pages: pages.length,
    pageErrors: pages.filter((page) => page.status !== 200).length,
    p50: percentile(pageMs, 50).toFixed(1),
    p99: percentile(pageMs, 99).toFixed(1),
    max: Math.max(...pageMs).toFixed(1),
    over200: pageMs.filter((ms) => ms > 200).length,
    over200Fresh: pages.filter((page) => page.fresh && page.ms > 200).length,
    freshPages: pages.filter((page) => page.fresh).length,
    queuedMax: Math.max(0, ...pages.map((page) => page.queuedMs)).toFixed(0),
    slowAt: slowStretches(pages),
    statuses,
    signUpP50: crowd.length
      ? Math.round(
          percentile(
            crowd.map((c) => c.ms),
            50,
          ),
        )
      : '–',
    signUpMax: crowd.length ? Math.round(Math.max(...crowd.map((c) => c.ms))) : '–',
    peakMB: mb(peak),
    afterMB: mb(after.total),
    afterServerMB: mb(after.own),
  };
  console.log(JSON.stringify(row));
  return row;
}

/** The idle RSS of a started server (database running, nothing asked yet). */
async function idle(name, env, dist) {
  const server = serve(dist, env);
  await server.url;
  await server.ready;
  await sleep(5000);
  const rss = await treeRss(server.child.pid);
  await server.stop();
  const row = { name, idleMB: mb(rss.total), idleServerMB: mb(rss.own) };
  console.log(JSON.stringify(row));
  return row;
}

/** Whose `site serve` runs: this checkout's, and with --compare another's before it in every run. */
const commitOf = (dir) => execFileSync('git', ['-C', dir, 'log', '-1', '--format=%h'], { encoding: 'utf8' }).trim();
const servers = [
  ...(args.compare ? [{ checkout: resolve(args.compare), label: `before (${commitOf(args.compare)})` }] : []),
  { checkout: root, label: args.compare ? `after (${commitOf(root)})` : commitOf(root) },
];

async function startPart() {
  const capacity = 40;
  const dist = await writeFixtureDist({
    'site.json': JSON.stringify({ ...fixtureSite, events: [eventFacts(1, { capacity })] }),
  });
  const outbox = await mkdtemp(join(tmpdir(), 'site-bench-outbox-'));
  const databases = [
    ['embedded, existing data folder', embedded, true],
    ['embedded, first start (empty folder)', embedded, false],
  ];
  if (postgresBin()) databases.push(['PostgreSQL 15 server', () => postgres({ durable: true }), true]);
  const rows = [];
  const idles = [];
  const only = args.only ? new RegExp(args.only) : undefined;
  for (const [name, start, existing] of databases.filter(([name]) => !only || only.test(name))) {
    const database = await start();
    try {
      for (let run = 1; run <= Number(args.runs); run += 1) {
        for (const server of servers) {
          const env = existing
            ? await database.fresh()
            : { SITE_DATA_DIR: join(await mkdtemp(join(tmpdir(), 'site-bench-empty-')), 'data') };
          rows.push(await coldStart(name, run, { ...env, SITE_OUTBOX: outbox }, dist.dir, server));
        }
      }
      if (existing) idles.push(await idle(name, { ...(await database.fresh()), SITE_OUTBOX: outbox }, dist.dir));
    } finally {
      await database.stop();
    }
  }
  // The same server on a site without events: no database and no crowd, the pages alone for 10 s,
  // show what this shared machine does to a page's latency by itself.
  const plain = await writeFixtureDist();
  for (let run = 1; run <= Number(args.runs); run += 1) {
    rows.push(
      await coldStart('no events, no sign-ups (the machine alone)', run, { SITE_OUTBOX: outbox }, plain.dir, {
        crowdSize: 0,
        minMs: 10_000,
        label: servers.at(-1).label,
      }),
    );
  }
  idles.push(await idle('no events (no database)', { SITE_OUTBOX: outbox }, plain.dir));
  await Promise.all([dist.remove(), plain.remove(), rm(outbox, { recursive: true, force: true })]);
  const statusText = (statuses) =>
    Object.entries(statuses)
      .map(([status, count]) => `${count}× ${status}`)
      .join(', ') || 'none';
  return [
    '| database | server | run | load | listens | ready | static pages (new connection + kept-alive) | p50 ms | p99 ms | max ms | over 200 ms (on a new connection) | asked for at (s after listening) | client queue max ms | sign-ups | sign-up p50 / max ms | RSS peak | RSS idle after (server) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.label} | ${r.run} | ${r.load} | ${r.listenedAt} ms | ${r.readyAt} ms | ${r.freshPages} + ${r.pages - r.freshPages}${r.pageErrors ? ` (${r.pageErrors} errors)` : ''} | ${r.p50} | ${r.p99} | ${r.max} | ${r.over200} (${r.over200Fresh}) | ${r.slowAt} | ${r.queuedMax} | ${statusText(r.statuses)} | ${r.signUpP50} / ${r.signUpMax} | ${r.peakMB} MB | ${r.afterMB} MB (${r.afterServerMB}) |`,
    ),
    '',
    '| server | RSS idle, started (of which the server process) |',
    '| --- | ---: |',
    ...idles.map((r) => `| ${r.name} | ${r.idleMB} MB (${r.idleServerMB}) |`),
  ].join('\n');
}

/** PGlite alone under each setting: a copy of a migrated database, opened, then --signups sign-ups one after another. */
async function memoryPart() {
  const database = await embedded();
  const { SITE_DATA_DIR: source } = await database.fresh();
  const url = import.meta.resolve('@electric-sql/pglite');
  const used = (await load('functions/registrations/embedded-process.ts')).EMBEDDED_SETTINGS;
  const only = args.only ? new RegExp(args.only) : undefined;
  const variants = [
    ['PGlite defaults (shared_buffers 128 MB)', []],
    ['shared_buffers 32 MB', ['shared_buffers=32MB']],
    ['shared_buffers 16 MB', ['shared_buffers=16MB']],
    ['shared_buffers 8 MB, max_connections 2, no WAL senders (the setting used)', used],
    ['shared_buffers 1 MB, max_connections 2', ['shared_buffers=1MB', 'max_connections=2']],
    // V8's WebAssembly compiler: code compiled as it is first called, or never optimised.
    ['the setting used, node --wasm-lazy-compilation', used, ['--wasm-lazy-compilation']],
    ['the setting used, node --liftoff-only (never optimised)', used, ['--liftoff-only']],
  ];
  // The store's own write (store-writes.ts), each sign-up its transaction, on PGlite opened with the settings.
  const code = `
    import { createRegistration } from ${JSON.stringify(join(root, 'functions/registrations/store-writes.ts'))};
    import { migrate } from ${JSON.stringify(join(root, 'functions/registrations/migrations.ts'))};
    const [url, dir, settings, count] = JSON.parse(process.argv.at(-1));
    const rss = () => Math.round(process.memoryUsage().rss / 1048576);
    const base = rss();
    const { PGlite } = await import(url);
    const t = performance.now();
    const db = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...settings.flatMap((s) => ['-c', s])] });
    const open = Math.round(performance.now() - t);
    const opened = rss();
    const runner = (target) => ({ query: async (sql, params = []) => (await target.query(sql, [...params])).rows, exec: async (sql) => void (await target.exec(sql)) });
    // The data folder is a copy of the tests' template, made at the schema of its day: brought up to date first.
    await migrate({ kind: 'embedded', location: dir, ...runner(db), transaction: (work) => db.transaction((tx) => work(runner(tx))) });
    const rules = { capacity: 40, compose: undefined, confirmMinutes: 60, remindMinutes: 10, pendingPerAddress: 3 };
    const signer = { uid: null, addressProven: true };
    const t2 = performance.now();
    for (let i = 0; i < count; i++) {
      const signUp = { eventId: 1, locale: 'nl', firstName: 'P' + i, surname: 'Bench', email: 'p' + i + '@example.nl', participant: 'P' + i, remarks: '', answers: {} };
      await db.transaction((tx) => createRegistration(runner(tx), signUp, signer, rules));
    }
    const perSignUp = ((performance.now() - t2) / count).toFixed(1);
    await new Promise((r) => setTimeout(r, 1000));
    console.log(JSON.stringify({ base, open, opened, loaded: rss(), perSignUp }));
    await db.close();`;
  const rows = [];
  for (const [name, settings, nodeFlags = []] of variants.filter(([name]) => !only || only.test(name))) {
    const samples = [];
    for (let run = 0; run < Number(args.runs); run += 1) {
      const dir = await mkdtemp(join(tmpdir(), 'site-bench-pglite-'));
      await cp(source, join(dir, 'data'), { recursive: true });
      const child = spawn(
        process.execPath,
        [
          ...nodeFlags,
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          code,
          JSON.stringify([url, join(dir, 'data'), settings, signups]),
        ],
        { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      await new Promise((done) => child.once('exit', done));
      await rm(dir, { recursive: true, force: true });
      try {
        samples.push(JSON.parse(out.trim().split('\n').at(-1)));
      } catch {
        console.error(`no result for ${name}: ${out}`);
      }
    }
    const median = (key) =>
      percentile(
        samples.map((s) => Number(s[key])),
        50,
      );
    const row = {
      name,
      base: median('base'),
      open: median('open'),
      opened: median('opened'),
      loaded: median('loaded'),
      perSignUp: median('perSignUp'),
    };
    console.log(JSON.stringify(row));
    rows.push(row);
  }
  await database.stop();
  return [
    `| PGlite settings | RSS: Node alone | after open | after ${signups} sign-ups | open ms | ms per sign-up |`,
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.name} | ${r.base} MB | ${r.opened} MB | ${r.loaded} MB | ${r.open} | ${r.perSignUp} |`),
  ].join('\n');
}

const startLoad = loadavg()[0];
const table = args.part === 'memory' ? await memoryPart() : await startPart();
await rm(serveRoot, { recursive: true, force: true });
console.log(`\n${table}\n\nload average ${startLoad.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end`);

if (args.write) {
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
  const heading =
    args.part === 'memory'
      ? '## site serve: PGlite memory settings (issue 18)'
      : '## site serve: a cold start under sign-ups (issue 18)';
  const run = `\`node bench/serve-start.mjs${args.part === 'memory' ? ' --part memory' : ''} --runs ${args.runs}${args.compare ? ' --compare <main before the change>' : ''} --write\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')}Z; ${machine}; load average ${startLoad.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end (other engineers' work ran on the machine).`;
  const reading =
    args.part === 'memory'
      ? 'PGlite alone in a Node process (as `site serve` runs it: a process of its own), on a copy of a migrated database; RSS after opening it and after the sign-ups, median of the runs. ' +
        'What stays whatever the settings is PostgreSQL itself compiled to WebAssembly: its machine code (V8 compiles it once quickly, then again optimised) and its linear memory, ' +
        "which grows and is never given back; shared_buffers beyond a few MB only holds more pages, and a site's registrations fill a few hundred kB. A PostgreSQL server has the same costs, outside the process that is measured."
      : `Each run starts \`site serve\` (its own process) and, the moment it listens, sends ${signups} sign-ups at once (one event of 40 places) while asking for a static page (/kampen, brotli) every 10 ms, from a thread of its own, until the last sign-up is answered and the server is ready: every 20 ms on a new connection (timed from the connect: a visitor arriving in the crowd, who waits in the accept queue too) and every 20 ms on one of six kept-alive connections, as a browser keeps per host (timed from when the request has its connection; the wait for a free one in this client, which no browser would have at a visitor's pace, is the "client queue" column and is not counted). ` +
        (args.compare
          ? '"before": `site serve` of main before the change, "after": with it, run for run one after the other, so both meet the same load. "load": the 1-minute load average as the run started. '
          : '') +
        '"listens": from the start of the process; "ready": when it says so (the database runs). RSS: the server and its database process together (the server alone in brackets); ' +
        'a PostgreSQL server is not counted (it runs elsewhere in production). "The machine alone" is the same server with no database and no crowd: the latency this shared machine gives a page by itself at the time.';
  writeSection(`${heading}\n\n${run}\n\n${reading}\n\n${table}\n`);
  console.log('written to bench/RESULTS.md');
}
