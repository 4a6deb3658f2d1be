#!/usr/bin/env node
// The fixed cost of one `site build` process on a small site (issue 21): what an editor pays on
// every command and what CI pays ~200 times. A copy of the project as the tests make it
// (tests/helpers/project-copy.ts, photos shrunk), built once; then, in fresh processes, a build
// with nothing changed and a build after a line is appended to one news article, as CPU seconds
// of the process and its children (user + system). `--before <checkout>` builds a second copy
// with that checkout's tool (bin, cli and the site's code) and runs both in turn, round after
// round, so a burst of other work on this shared machine touches both alike.
//
//   flock /tmp/bench.lock node bench/fresh-build.mjs [--runs 7] [--before /path/to/old/checkout]
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, before: { type: 'string' } },
});
const TOOL = ['bin', 'cli', 'shared', 'templates', 'islands', 'functions'];

function makeCopy(name, tool) {
  const dest = mkdtempSync(join(tmpdir(), `fresh-build-${name}-`));
  const script = join(dest, '..', `${name}-copy.${process.pid}.mts`);
  writeFileSync(
    script,
    `import { copyProject } from ${JSON.stringify(join(root, 'tests/helpers/project-copy.ts'))};\nawait copyProject({ smallImages: true, dest: ${JSON.stringify(dest)} });\n`,
  );
  const made = spawnSync('npx', ['tsx', script], { cwd: root, stdio: 'inherit' });
  rmSync(script);
  if (made.status !== 0) throw new Error(`copying the project for ${name} failed`);
  for (const part of tool ? TOOL : []) {
    rmSync(join(dest, part), { recursive: true, force: true });
    cpSync(join(tool, part), join(dest, part), { recursive: true });
  }
  build(dest); // the first build: caches and dist made, not measured
  return { name, dest };
}

/** CPU seconds of one `site build` in a fresh process, its children included (GNU time). */
function build(dir) {
  const run = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, 'bin/site.mjs', 'build'], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`site build failed in ${dir}:\n${run.stderr}`);
  const [user, system] = run.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return Math.round((user + system) * 100) / 100;
}

const copies = [makeCopy('after', undefined)];
if (args.before) copies.unshift(makeCopy('before', resolve(args.before)));
const figures = new Map(copies.map((copy) => [copy.name, { nothing: [], edit: [] }]));
for (let round = 0; round < Number(args.runs); round++) {
  for (const { name, dest } of copies) {
    const news = join(dest, 'content/nl/news');
    const article = join(news, readdirSync(news).sort()[0]);
    figures.get(name).nothing.push(build(dest));
    appendFileSync(article, `\nOne more line, round ${round}.\n`);
    figures.get(name).edit.push(build(dest));
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}, ${args.runs} rounds`,
);
console.log('| tool | nothing changed (CPU s, median) | one article edited (CPU s, median) |');
console.log('| --- | ---: | ---: |');
for (const [name, { nothing, edit }] of figures)
  console.log(
    `| ${name} | ${median(nothing).toFixed(2)} (${nothing.join(', ')}) | ${median(edit).toFixed(2)} (${edit.join(', ')}) |`,
  );
for (const { dest } of copies) rmSync(dest, { recursive: true, force: true });
