#!/usr/bin/env node
// The rate limiter's cost per post as the number of client addresses in a minute grows (issue 17,
// item 9: above ~50,000 addresses the old limiter swept its whole map on every post, and
// `site serve` fell from 2,000 to 185 posts/s). In this process, no HTTP: `take()` alone, for the
// limiter of this checkout and for the one before the fix (read from git, commit cd2151f).
//
//   node bench/rate-limit.mjs [--write]
//
// Each run: N distinct addresses post once each within one minute of a fake clock (so every one
// is still tracked), then 20,000 more posts from those addresses are timed (median of three). --write puts the
// table into bench/RESULTS.md under "## Rate limiter (issue 17)".
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const { values: args } = parseArgs({ options: { write: { type: 'boolean', default: false } } });
register();

const tmp = await mkdtemp(join(tmpdir(), 'site-bench-limiter-'));
const beforePath = join(tmp, 'rate-limit-before.mts');
await writeFile(
  beforePath,
  execFileSync('git', ['show', 'cd2151f:functions/rate-limit.ts'], { cwd: root, encoding: 'utf8' }),
);
const limiters = {
  now: (await import(pathToFileURL(join(root, 'functions/rate-limit.ts')).href)).createRateLimiter,
  before: (await import(pathToFileURL(beforePath).href)).createRateLimiter,
};

const address = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const timed = 20_000;

/** Posts per second of `take()` with `clients` addresses tracked, and the milliseconds spent filling. */
function run(create, clients) {
  let time = 0;
  const limiter = create(20, () => time);
  const fillStart = performance.now();
  for (let n = 0; n < clients; n += 1) {
    time = Math.floor((n / clients) * 50_000); // all within the minute
    limiter.take(address(n));
  }
  const fillMs = performance.now() - fillStart;
  time = 50_000;
  const start = performance.now();
  for (let n = 0; n < timed; n += 1) limiter.take(address((n * 7919) % clients));
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: Math.round(timed / seconds), fillMs: Math.round(fillMs) };
}

/** The median run of three (the machine is shared; one run is noise). */
function median(create, clients) {
  const runs = [run(create, clients), run(create, clients), run(create, clients)].sort(
    (a, b) => a.perSecond - b.perSecond,
  );
  return runs[1];
}

// Warm-up, so neither limiter's first figure carries the JIT's start.
for (const create of Object.values(limiters)) run(create, 2_000), run(create, 2_000);

const sizes = [2_000, 50_000, 60_000, 200_000];
const rows = [];
for (const clients of sizes) {
  const now = median(limiters.now, clients);
  // The old limiter sweeps its map on every post past 50,000: one run at 60,000 takes minutes, 200,000 far longer.
  const before =
    clients > 60_000 ? undefined : clients > 50_000 ? run(limiters.before, clients) : median(limiters.before, clients);
  rows.push({ clients, now, before });
  console.log(
    `${clients} clients: now ${now.perSecond} posts/s (fill ${now.fillMs} ms); before ${before ? `${before.perSecond} posts/s (fill ${before.fillMs} ms)` : 'not run'}`,
  );
}
await rm(tmp, { recursive: true, force: true });

const date = new Date().toISOString().slice(0, 10);
const table = [
  '## Rate limiter (issue 17)',
  '',
  `\`node bench/rate-limit.mjs --write\` on ${date}; ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}; load average ${loadavg()[0].toFixed(1)} (the machine was shared with other engineers' builds and tests: read the figures as lower bounds, the ratios as what counts). \`take()\` in-process, no HTTP: N addresses post once within a minute, then ${timed.toLocaleString('en')} more posts from them are timed; median of three runs (one run for "before" at 60,000). "before" is the limiter of commit cd2151f, which swept its whole map on every post once it held more than 50,000 addresses.`,
  '',
  '| addresses in the minute | posts/s now | posts/s before |',
  '| ---: | ---: | ---: |',
  ...rows.map(
    ({ clients, now, before }) =>
      `| ${clients.toLocaleString('en')} | ${now.perSecond.toLocaleString('en')} | ${before ? before.perSecond.toLocaleString('en') : 'not run (minutes)'} |`,
  ),
  '',
  'Memory stays bounded: at most 100,000 addresses are tracked at once; beyond that, new addresses share one window (so a botnet gets one allowance between them, and its visitors wait a minute at worst).',
  '',
].join('\n');
if (args.write) {
  const path = join(root, 'bench', 'RESULTS.md');
  const current = await readFile(path, 'utf8');
  const start = current.indexOf('## Rate limiter (issue 17)');
  const end = start < 0 ? -1 : current.indexOf('\n## ', start + 1);
  const next =
    start < 0
      ? `${current.trimEnd()}\n\n${table}`
      : `${current.slice(0, start)}${table}${end < 0 ? '' : current.slice(end + 1)}`;
  await writeFile(path, next);
  console.log('bench/RESULTS.md updated');
} else {
  console.log(`\n${table}`);
}
