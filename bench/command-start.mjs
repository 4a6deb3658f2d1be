#!/usr/bin/env node
// How long `npx site <command>` takes to start (issue 21: under 0.5 s, the command's own work
// aside). `--help` and `--version` do no work of their own, so their wall time is the start: npm
// finding the command, Node starting, the launcher checking its bundle and loading the CLI. Beside
// them the floors no arrangement of this project can lower: Node starting and exiting
// (`node -e 0`), and npx handing over to a program it finds at once (`npx node -e 0`, a global bin).
// Every case runs in turn, round after round, so a burst of other work on the machine touches all
// of them alike. `--compare <dir>` also runs `npx site --help` in another checkout with its
// node_modules (the one before a change), in the same rounds.
//
//   flock /tmp/bench.lock node bench/command-start.mjs [--runs 9] [--compare /work/main] [--write]
//
// --write puts the table into bench/RESULTS.md under "## npx site: command start (issue 21)".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeSection } from './results.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '9' },
    compare: { type: 'string' },
    write: { type: 'boolean', default: false },
  },
});

// Run as a user runs it: no npm variables from an `npm run` around this script, no colour.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
Object.assign(env, { NO_COLOR: '1', NODE_OPTIONS: '' });

const cases = [
  { name: '`node -e 0` (Node alone)', cwd: root, command: ['node', '-e', '0'] },
  { name: '`npx node -e 0` (npx alone)', cwd: root, command: ['npx', 'node', '-e', '0'] },
  { name: '`node bin/site.mjs --help`', cwd: root, command: ['node', 'bin/site.mjs', '--help'] },
  { name: '`npx site --help`', cwd: root, command: ['npx', 'site', '--help'] },
  { name: '`npx site build --help`', cwd: root, command: ['npx', 'site', 'build', '--help'] },
  {
    name: '`npx site --version` in content/nl/news',
    cwd: join(root, 'content', 'nl', 'news'),
    command: ['npx', 'site', '--version'],
  },
];
if (args.compare) {
  const other = resolve(args.compare);
  const commit = spawnSync('git', ['-C', other, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  cases.push({ name: `\`npx site --help\` in ${other} (${commit})`, cwd: other, command: ['npx', 'site', '--help'] });
}

// CPU time of the finished children (user + system, every process of the tree; /proc/self/stat,
// in clock ticks of 10 ms): on a busy machine wall time mostly measures the wait for a core, and
// on an idle one, for a chain of processes that run one after the other, it is about this.
const childTicks = () => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return Number(fields[13]) + Number(fields[14]); // cutime, cstime (fields 16 and 17 of stat)
};

function timed({ cwd, command }) {
  const ticks = childTicks();
  const started = performance.now();
  const result = spawnSync(command[0], command.slice(1), { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${command.join(' ')} in ${cwd}: exit ${result.status}\n${result.stderr}`);
  return { ms, cpu: (childTicks() - ticks) * 10 };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const runs = Number(args.runs);
const loadBefore = loadavg()[0];
for (const each of cases) timed(each); // a first run of each: the bundle made, the files in the page cache
const times = cases.map(() => ({ ms: [], cpu: [] }));
for (let round = 0; round < runs; round++)
  cases.forEach((each, i) => {
    const { ms, cpu } = timed(each);
    times[i].ms.push(ms);
    times[i].cpu.push(cpu);
  });
const loadAfter = loadavg()[0];

const ms = (value) => `${Math.round(value)} ms`;
const rows = cases.map(
  (each, i) =>
    `| ${each.name} | ${ms(median(times[i].ms))} | ${ms(Math.min(...times[i].ms))} | ${ms(Math.max(...times[i].ms))} | ${ms(median(times[i].cpu))} |`,
);
const linked = existsSync(join(root, 'node_modules', '.bin', 'site'));
const table = [
  `| command | wall, median | min | max | CPU, median |`,
  `| --- | ---: | ---: | ---: | ---: |`,
  ...rows,
].join('\n');
const facts = `${runs} runs of each, round after round, after one warm-up run; ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, npm ${spawnSync('npm', ['--version'], { env, encoding: 'utf8' }).stdout.trim()}; node_modules/.bin/site ${linked ? 'linked' : 'missing'}; load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`;
console.log(`${facts}\n\n${table}`);

if (args.write) {
  writeSection(`## npx site: command start (issue 21)

\`flock /tmp/bench.lock node bench/command-start.mjs${args.compare ? ` --compare ${args.compare}` : ''} --write\` at ${new Date().toISOString().slice(0, 16)}Z: ${facts}.

Wall time of each command from spawn to exit, and the CPU time (user + system) of all its processes, which the machine's load changes less. \`--help\` and \`--version\` do no work of their own: what they take is what every command pays before it starts. "Node alone" and "npx alone" are the floors no arrangement of this project can lower (npx alone: npm starting, reading its config, loading its exec code, and handing over to a program it finds at once).

${table}
`);
}
