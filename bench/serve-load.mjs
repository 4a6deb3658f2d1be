#!/usr/bin/env node
// Load test of `site serve` (issue 5): autocannon against a static page, a redirect and
// POST /mail/send-new in outbox mode. The server runs in its own process (as in production), so
// autocannon does not steal its event loop.
//
//   node bench/serve-load.mjs [--dist dist] [--duration 10] [--connections 50] [--write]
//
// Without --dist (or when the folder has no site.json) it serves the tests' fixture dist.
// --write puts the table into bench/RESULTS.md under "## site serve load (issue 5)".
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { register } from 'tsx/esm/api';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const { values: args } = parseArgs({
  options: {
    dist: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    write: { type: 'boolean', default: false },
  },
});

register();
let dist = args.dist ? resolve(args.dist) : undefined;
let fixture;
if (!dist || !existsSync(join(dist, 'site.json'))) {
  const { writeFixtureDist } = await import(pathToFileURL(join(root, 'tests/serve/helpers/fixture-dist.ts')).href);
  fixture = await writeFixtureDist();
  dist = fixture.dir;
}
const outbox = await mkdtemp(join(tmpdir(), 'site-bench-outbox-'));

const script = `import { runServe } from ${JSON.stringify(join(root, 'cli/serve/run.ts'))};
await runServe({ dist: ${JSON.stringify(dist)}, port: 0, host: '127.0.0.1', log: () => {} });`;
const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
  cwd: root,
  // Outbox mode, and no rate limit: the bench is one address sending thousands of forms.
  env: { ...process.env, SMTP_URL: '', SITE_OUTBOX: outbox, SITE_RATE_LIMIT: '0' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((done, fail) => {
  let text = '';
  child.stdout.on('data', (chunk) => {
    text += chunk;
    const match = /on (http:\/\/[\d.]+:\d+)/.exec(text);
    if (match) done(match[1]);
  });
  child.once('exit', (code) => fail(new Error(`site serve exited with ${code}`)));
});

const form = JSON.stringify({
  kind: 'contact',
  locale: 'nl',
  name: 'Bench',
  email: 'bench@example.nl',
  subject: 'Load',
  question: 'Hoe snel is dit?',
});
const redirects = JSON.parse(
  await readFile(join(dist, 'redirects.json'), 'utf8').catch(() => '{"redirects":[]}'),
).redirects;
const redirectFrom = redirects.find((rule) => !rule.from.endsWith('*'))?.from ?? '/clinic-25';
const scenarios = [
  { name: 'static page (GET /kampen, br)', path: '/kampen', headers: { 'accept-encoding': 'br, gzip' } },
  { name: `redirect (GET ${redirectFrom})`, path: redirectFrom },
  {
    name: 'POST /mail/send-new (outbox)',
    path: '/mail/send-new',
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/json', origin: url },
  },
];

const rows = [];
for (const scenario of scenarios) {
  const result = await autocannon({
    url: `${url}${scenario.path}`,
    method: scenario.method ?? 'GET',
    headers: scenario.headers ?? {},
    body: scenario.body,
    connections: Number(args.connections),
    duration: Number(args.duration),
  });
  const ok = result['2xx'] + result['3xx'];
  rows.push({
    name: scenario.name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx - result['3xx'],
    total: result.requests.total,
    ok,
  });
  console.log(
    `${scenario.name}: ${rows.at(-1).rps} req/s, p50 ${rows.at(-1).p50} ms, p99 ${rows.at(-1).p99} ms, errors ${rows.at(-1).errors}`,
  );
}

child.kill('SIGTERM');
await new Promise((done) => child.once('exit', done));
await rm(outbox, { recursive: true, force: true });
await fixture?.remove();

const table = [
  '| scenario | req/s | p50 ms | p99 ms | errors | requests |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.total} |`),
].join('\n');
console.log(`\n${table}`);

if (args.write) {
  const file = join(root, 'bench/RESULTS.md');
  const heading = '## site serve load (issue 5)';
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
  const section = [
    heading,
    '',
    `\`node bench/serve-load.mjs${args.dist ? ` --dist ${args.dist}` : ''} --duration ${args.duration} --connections ${args.connections} --write\`` +
      ` on ${new Date().toISOString().slice(0, 10)}; ${machine}; server and autocannon on the same machine;` +
      ` ${fixture ? 'fixture dist of the tests' : `dist: ${args.dist}`}. Errors = non-2xx/3xx answers, timeouts and socket errors.`,
    '',
    table,
    '',
  ].join('\n');
  const current = await readFile(file, 'utf8').catch(() => '# Benchmark results\n');
  const start = current.indexOf(heading);
  const next = start < 0 ? -1 : current.indexOf('\n## ', start + heading.length);
  const updated =
    start < 0
      ? `${current.trimEnd()}\n\n${section}`
      : `${current.slice(0, start)}${section}${next < 0 ? '' : current.slice(next + 1)}`;
  await writeFile(file, updated);
  console.log(`written to ${file}`);
}
