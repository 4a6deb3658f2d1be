#!/usr/bin/env node
// The Firebase function of the built site (issue 16): its cold start and its memory against the
// 256 MiB it is deployed with, on PostgreSQL (the embedded database once peaked at 896 MB there).
// The site is built, prepared with `site deploy --check` and run on `firebase emulators:exec --only
// hosting,functions,auth` offline, exactly as tests/deploy/firebase-emulators.test.ts does
// (tests/deploy/helpers/deployed-site.ts). Every request goes through Hosting. Measured:
//   - the first answer of the function after the emulators are up (the emulator starts its
//     runtime process and loads dist/functions/index.js then), and a warm answer after it;
//   - the RSS and peak RSS (VmHWM) of the emulator's function runtime processes: idle after the
//     first answer, and after a sign-in and the first sign-ups;
//   - dist/functions/index.js loaded by a bare Node process (what a new instance does first).
// The emulator's runtime process also carries the emulator's own shim; Cloud Functions runs the
// deployed runtime's Node, the emulator this machine's.
//
//   flock /tmp/bench.lock node bench/firebase-function.mjs [--loads 5] [--write]
//
// --write puts the table into bench/RESULTS.md under "## Firebase function: cold start and memory (issue 16)".
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { writeSection } from './results.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const { values: args } = parseArgs({
  options: { loads: { type: 'string', default: '5' }, write: { type: 'boolean', default: false } },
});
register();
const load = (path) => import(pathToFileURL(join(root, path)).href);
const { deploySiteOnEmulators } = await load('tests/deploy/helpers/deployed-site.ts');
const { signUp } = await load('tests/functions/helpers/firebase-emulator.ts');
const { eventStateAt } = await load('shared/event-clock.ts');

const mb = (kb) => Math.round(kb / 1024);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The emulator's function runtime processes: RSS and peak RSS (kB) of each. */
async function runtimes() {
  const found = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.includes('functionsEmulatorRuntime')) continue;
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    found.push({
      pid,
      rss: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0),
      peak: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0),
    });
  }
  return found;
}
const describeRuntimes = (list) => list.map((p) => `${mb(p.rss)} MB (peak ${mb(p.peak)} MB)`).join(' + ') || 'none';

/** dist/functions/index.js in a bare Node process: load time and RSS after it. */
function loadFunctions(dist) {
  const code = `const t = performance.now(); require(${JSON.stringify(join(dist, 'functions', 'index.js'))});
console.log(JSON.stringify({ ms: performance.now() - t, rss: process.memoryUsage().rss }));`;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['-e', code], {
      cwd: join(dist, 'functions'),
      env: { ...process.env, GCLOUD_PROJECT: 'demo-bench' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (exit) =>
      exit === 0 ? done(JSON.parse(out.trim().split('\n').at(-1))) : fail(new Error(`loading index.js exited ${exit}`)),
    );
  });
}

const startLoad = loadavg()[0];
const started = performance.now();
const deployed = await deploySiteOnEmulators(`demo-site-bench-${process.pid}`);
const setupSeconds = (performance.now() - started) / 1000;
const hosting = deployed.emulators.hosting;
const rows = [];
try {
  const before = await runtimes();
  const timed = async (path, init) => {
    const t = performance.now();
    const response = await fetch(`${hosting}${path}`, { redirect: 'manual', ...init });
    await response.arrayBuffer();
    return { status: response.status, ms: Math.round(performance.now() - t), headers: response.headers };
  };
  const cold = await timed('/api/registrations/places');
  const warm = [];
  for (let i = 0; i < 5; i += 1) warm.push((await timed('/api/registrations/places')).ms);
  const afterFirst = await runtimes();

  const email = `bench-${process.pid}@example.nl`;
  const user = await signUp(
    { host: deployed.emulators.authHost, projectId: deployed.emulators.projectId, stop: async () => {} },
    email,
    'any',
    { verified: true },
  );
  const json = { origin: hosting, 'content-type': 'application/json' };
  const session = await timed('/api/__session', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ token: user.idToken }),
  });
  const cookie = (session.headers.getSetCookie()[0] ?? '').split(';')[0];
  const event = deployed.site.events.find((candidate) => eventStateAt(candidate) === 'open');
  const answers = Object.fromEntries(
    event.questions.nl
      .filter((q) => q.required)
      .map((q) => [q.id, q.type === 'number' ? (q.min ?? 1) : q.type === 'select' ? q.options?.[0] : 'ja']),
  );
  const body = {
    event: event.id,
    locale: 'nl',
    firstName: 'Bench',
    surname: 'Mark',
    email,
    participant: 'Bench',
    answers,
  };
  const first = await timed('/api/registrations', {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify(body),
  });
  if (first.status !== 201) throw new Error(`the first sign-up answered ${first.status}`);
  const second = await timed('/api/registrations', {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ ...body, participant: 'Bench 2', firstName: 'Bench2' }),
  });
  const afterSignUp = await runtimes();

  const loads = [];
  for (let i = 0; i < Number(args.loads); i += 1) loads.push(await loadFunctions(deployed.dist));

  const peak = Math.max(...afterSignUp.map((p) => p.peak));
  rows.push(
    ['emulators up (build, `site deploy --check` twice, emulators:exec)', `${setupSeconds.toFixed(0)} s`],
    [
      'first function answer through Hosting (cold: runtime process started, index.js loaded, PostgreSQL connected)',
      `${cold.ms} ms (${cold.status})`,
    ],
    ['warm answer of the same, median of 5', `${median(warm)} ms`],
    [
      'first sign-up after signing in (verified address: placed at once) / the next one',
      `${first.ms} ms / ${second.ms} ms (${second.status})`,
    ],
    ['function runtime processes before any request', describeRuntimes(before)],
    ['after the first answer', describeRuntimes(afterFirst)],
    ['after sign-in and two sign-ups', describeRuntimes(afterSignUp)],
    [
      'peak RSS of a runtime process, against the 256 MiB the function is deployed with',
      `${mb(peak)} MB (${Math.round((peak / 1024 / 256) * 100)} %)`,
    ],
    [
      `dist/functions/index.js in a bare Node process, median of ${loads.length}: load time, RSS`,
      `${Math.round(median(loads.map((l) => l.ms)))} ms, ${Math.round(median(loads.map((l) => l.rss)) / 1048576)} MB`,
    ],
  );
} finally {
  const code = await deployed.stop();
  if (code !== 0) console.error(`firebase emulators:exec ended with ${code}`);
}

const table = ['| measured | value |', '| --- | ---: |', ...rows.map(([name, value]) => `| ${name} | ${value} |`)].join(
  '\n',
);
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
const note = `\`node bench/firebase-function.mjs --write\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')}Z; ${machine}; load average ${startLoad.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end (other engineers' work ran on the machine).`;
console.log(`\n${note}\n\n${table}`);

if (args.write) {
  const reading =
    'Before issue 16 the function ran the embedded database in its instance and its first sign-up peaked at 896 MB against the 256 MiB it is deployed with; ' +
    "on PostgreSQL the runtime process is the peak above. The times are the emulator's on this shared machine (it starts a Node process for the function " +
    'at the first request, as a new instance does): they show where a cold start goes, not what Cloud Functions will take.';
  writeSection(`## Firebase function: cold start and memory (issue 16)\n\n${note}\n\n${table}\n\n${reading}\n`);
  console.log('written to bench/RESULTS.md');
}
