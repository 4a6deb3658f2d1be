#!/usr/bin/env node
// peer-edits.mjs [--rounds N] [--prep DIR] [--work DIR] [--edit body|title] [--only 'hugo,site build --watch']
//
// Issue 21, "one article edited": the peers measured the same way, on the same N sources. Each
// tool runs in its own mode for edits (Hugo `--watch`, Eleventy `--watch --incremental`: both
// write the whole site to disk and rebuild on a save; `site dev`: serves pages rendered on
// request; `site build --watch`: writes dist as the peers write theirs), and each round edits the
// body (or, --edit title, the title) of the same Dutch article (as bench/scale.sh does).
// The clock starts before the file is written and stops when the article's page shows the edit:
// read from the tool's output folder (Hugo, Eleventy) or fetched from the dev server (site), polled
// every 2 ms. The peers' projects and content are bench/scale.sh's (its $WORK, default
// /dev/shm/prep: run scale.sh first), copied to --work so that scale.sh's own stay as they were.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : args[index + 1];
};
const ROUNDS = Number(option('rounds', 10));
const EDIT = option('edit', 'body');
const PREP = option('prep', '/dev/shm/prep');
const WORK = option('work', '/dev/shm/peer-edits');
// Only these tools (comma-separated names of `tools` below), e.g. --only 'site build --watch'.
const ONLY = option('only', undefined)?.split(',');
const PROJECT = join(import.meta.dirname, '..');
const N = 4000;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A copy of scale.sh's project for `name`, without its output; node_modules linked. */
function copyOf(name, skip) {
  const from = join(PREP, name);
  if (!existsSync(from)) throw new Error(`${from} is missing: run bench/scale.sh ${N} with WORK=${PREP} first.`);
  const to = join(WORK, name);
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true, filter: (path) => !skip.some((part) => path === join(from, part)) });
  if (existsSync(join(from, 'node_modules'))) symlinkSync(join(from, 'node_modules'), join(to, 'node_modules'));
  return to;
}

/** A tool started in `dir`; resolves once `ready` matches its output. Keeps its output lines. */
function start(command, commandArgs, dir, ready) {
  const child = spawn(command, commandArgs, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  let output = '';
  const started = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command}: not ready in 120 s:\n${output}`)), 120_000);
    const read = (chunk) => {
      output += chunk;
      lines.push(...String(chunk).split('\n').filter(Boolean));
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`${command} exited (${code}):\n${output}`)));
  });
  return { child, lines, started };
}

/** Stops a tool and waits for it: its copy is removed next, and a tool still writing would refill it. */
async function stop(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

/** Edits `article`'s body each round; `shows(marker)` says whether the page has the edit yet. */
async function measure(label, article, shows) {
  const original = readFileSync(article, 'utf8');
  const times = [];
  await sleep(5_000); // a watcher may say it is watching before its first scan is done
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const marker = `Edited-in-round-${round}-${Date.now()}`;
      const edited =
        EDIT === 'title'
          ? original.replace(/^title: "?(.*?)"?$/m, `title: "$1 ${marker}"`)
          : original.replace(/\n## /, `\n${marker}.\n\n## `);
      if (edited === original)
        throw new Error(`${article}: no ${EDIT === 'title' ? 'title' : '"## " heading'} to edit`);
      const t0 = performance.now();
      writeFileSync(article, edited);
      while (!(await shows(marker))) {
        if (performance.now() - t0 > 30_000) throw new Error(`${label}: round ${round}'s edit not shown in 30 s`);
        await sleep(2);
      }
      times.push(performance.now() - t0);
      await sleep(1_500); // the watcher settles; the next save is a new change
    }
  } finally {
    writeFileSync(article, original);
  }
  return times;
}

const readOr = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** Hugo or Eleventy in its watch mode, its output folder read for the edit. */
async function peer(name, skip, command, commandArgs, ready, outDir) {
  const dir = copyOf(name, skip);
  const contentDir = join(dir, name === 'hugo' ? 'content' : 'src');
  const file = readdirSync(contentDir).find((entry) => entry.startsWith(`nl-${ARTICLE}-`));
  if (!file) throw new Error(`${name}: no article nl-${ARTICLE}-* in ${contentDir}`);
  const slug = /^slug: (.*)$/m.exec(readFileSync(join(contentDir, file), 'utf8'))[1].trim();
  const tool = start(command, commandArgs, dir, ready);
  try {
    await tool.started;
    const page = join(dir, outDir, slug, 'index.html');
    return await measure(name, join(contentDir, file), async (marker) => readOr(page).includes(marker));
  } finally {
    await stop(tool.child, 'SIGINT');
  }
}

/**
 * A copy of scale.sh's site with this repository's code in it (as bench/edit-pairs.sh makes one):
 * its caches kept, its output too when `keepOutput` (a watch's first build then has nothing to do).
 */
function siteCopy(keepOutput) {
  const root = copyOf(`site-${N}`, [...(keepOutput ? [] : ['dist', '.dist-builds']), 'node_modules', '.site/cli']);
  for (const part of ['bin', 'cli', 'package.json']) {
    rmSync(join(root, part), { recursive: true, force: true });
    cpSync(join(PROJECT, part), join(root, part), { recursive: true });
  }
  const file = readdirSync(join(root, 'content/nl/news')).find((entry) => entry.startsWith(`${ARTICLE}-`));
  if (!file) throw new Error(`site: no article ${ARTICLE}-* in ${root}/content/nl/news`);
  return { root, file, article: join(root, 'content/nl/news', file) };
}

/** `site dev` (no build output; pages from memory): the page fetched for the edit. */
async function siteDev() {
  const { root, file, article } = siteCopy(false);
  const tool = start(
    process.execPath,
    ['bin/site.mjs', 'dev', '--port', '0', '--root', root],
    root,
    /site dev: http:\/\/\S+/,
  );
  try {
    await tool.started;
    const url = /site dev: (http:\/\/\S+)/.exec(tool.lines.join('\n'))[1];
    const page = `${url}/nieuws/${file.replace(/\.md$/, '')}`;
    return await measure('site dev', article, async (marker) => (await (await fetch(page)).text()).includes(marker));
  } finally {
    await stop(tool.child, 'SIGTERM');
  }
}

/**
 * `site build --watch` (dist written, as the peers' watch modes write theirs): the article's page
 * read from dist. Its first build finds dist current (the prepared site's own build). The watching
 * process's CPU and RSS after the edits are read from /proc before it is stopped.
 */
async function siteWatch() {
  const { root, file, article } = siteCopy(true);
  const tool = start(process.execPath, ['bin/site.mjs', 'build', '--watch', '--root', root], root, /^watching /m);
  try {
    await tool.started;
    const page = join(root, 'dist/public/nieuws', file.replace(/\.md$/, '.html'));
    const times = await measure('site build --watch', article, async (marker) => readOr(page).includes(marker));
    const [utime, stime] = readFileSync(`/proc/${tool.child.pid}/stat`, 'utf8').split(') ')[1].split(' ').slice(11, 13);
    const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${tool.child.pid}/status`, 'utf8'))[1];
    const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${tool.child.pid}/status`, 'utf8'))[1];
    console.error(
      `site build --watch: CPU ${((Number(utime) + Number(stime)) / 100).toFixed(2)} s in all, RSS ${Math.round(rss / 1024)} MB after the edits (peak ${Math.round(hwm / 1024)} MB)`,
    );
    console.error(tool.lines.filter((line) => line.includes('pages rendered')).join('\n'));
    return times;
  } finally {
    await stop(tool.child, 'SIGTERM');
  }
}

const ARTICLE = 1000 + N / 4; // the article bench/scale.sh edits
const tools = {
  hugo: () =>
    peer(
      'hugo',
      ['public', 'resources', '.hugo_cache'],
      'hugo',
      ['--watch', '--destination', 'public'],
      /Watching for changes/,
      'public',
    ),
  eleventy: () =>
    peer(
      'eleventy',
      ['_site', 'node_modules', '.cache'],
      process.execPath,
      ['node_modules/.bin/eleventy', '--watch', '--incremental'],
      /Watching/,
      '_site',
    ),
  'site dev': siteDev,
  'site build --watch': siteWatch,
};

rmSync(WORK, { recursive: true, force: true });
const rows = [];
for (const [name, run] of Object.entries(tools).filter(([name]) => !ONLY || ONLY.includes(name))) {
  const load = loadavg()[0].toFixed(1);
  const times = await run();
  const shown = times.map((value) => Math.round(value));
  rows.push(
    `| ${name} | ${Math.round(median(times))} | ${Math.min(...shown)} | ${Math.max(...shown)} | ${shown.join(', ')} | ${load} |`,
  );
  console.error(rows.at(-1));
}
rmSync(WORK, { recursive: true, force: true });
console.log(`N = ${N} sources, ${ROUNDS} edits each of article ${ARTICLE}'s ${EDIT}, ${new Date().toISOString()}`);
console.log('| tool (mode) | median ms | min | max | each edit, ms | load at start |');
console.log('| --- | ---: | ---: | ---: | --- | ---: |');
for (const row of rows) console.log(row);
