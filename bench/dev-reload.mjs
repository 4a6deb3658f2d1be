#!/usr/bin/env node
// dev-reload.mjs [--runs N] [--articles N] [--skip-scale]
//
// Issue 8: time from saving one news article to the reload event of `site dev`, on this site and
// on a generated site of N articles per language (default 4000: 8,000 Markdown files, 12,000 page
// files in a build), both run by the real CLI (`node bin/site.mjs dev`) on copies of the project.
// The clock starts before the file is written and stops when the event naming the article's
// path arrives on /__site/events, as a browser's dev client would read it; then the page is
// fetched to check that it shows the save. Also: start-up (to "ready"), and adding an article
// (the full rebuild path) on each site.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyProject, project } from './project-copy.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(args[index + 1]);
};
const RUNS = option('runs', 20);
const ARTICLES = option('articles', 4000);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The image cache comes along: encoding is not what this measures (bench/images.mjs does). */
function withImageCache(root) {
  const cache = join(project, '.site', 'cache', 'images');
  if (existsSync(cache)) cpSync(cache, join(root, '.site', 'cache', 'images'), { recursive: true });
}

function benchProject() {
  const root = mkdtempSync(join(tmpdir(), 'site-dev-bench-'));
  copyProject(root);
  withImageCache(root);
  return root;
}

function scaleSite() {
  const work = mkdtempSync(join(tmpdir(), 'site-dev-bench-scale-'));
  // ARTICLES per language: gen-articles.mjs writes N sources, half of them English translations.
  execFileSync(
    process.execPath,
    [join(project, 'bench', 'gen-articles.mjs'), String(ARTICLES * 2), join(work, 'gen')],
    {
      stdio: 'ignore',
    },
  );
  execFileSync(
    process.execPath,
    [join(project, 'bench', 'make-scale-site.mjs'), join(work, 'gen'), join(work, 'site')],
    { stdio: 'ignore' },
  );
  withImageCache(join(work, 'site'));
  return { work, root: join(work, 'site') };
}

/** `site dev` started; resolves with its URL and the time to ready. */
async function startDev(root) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'bin', 'site.mjs'), 'dev', '--port', '0', '--root', root], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const take = (chunk) => {
      output += chunk;
      const match = /site dev: (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('exit', (code) => reject(new Error(`site dev exited ${code}:\n${output}`)));
  });
  return { url, child, readyMs: performance.now() - started, output: () => output };
}

async function stopDev(dev) {
  const exited = new Promise((resolve) => dev.child.once('exit', resolve));
  dev.child.kill('SIGTERM');
  await exited;
}

async function pageInfo(url, path) {
  const html = await (await fetch(`${url}${path}`)).text();
  const attr = (name) => new RegExp(`data-${name}="([^"]*)"`).exec(html)?.[1] ?? '';
  return { html, page: attr('page'), print: attr('print') };
}

/** An open page's event stream; `waitFor(path)` resolves at the next change event naming the path. */
async function openEvents(url, path, info) {
  const controller = new AbortController();
  const response = await fetch(
    `${url}/__site/events?${new URLSearchParams({ path, page: info.page, print: info.print })}`,
    { signal: controller.signal },
  );
  const waiters = [];
  (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        const now = performance.now();
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith('event: change')) continue;
          const data = JSON.parse(/^data: (.*)$/m.exec(block)[1]);
          for (const waiter of [...waiters])
            if (data.paths.includes(waiter.path))
              waiters.splice(waiters.indexOf(waiter), 1) && waiter.resolve({ at: now, data });
        }
      }
    } catch {
      // closed
    }
  })();
  return {
    waitFor: (path, ms = 60_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no change event for ${path} within ${ms} ms`)), ms);
        waiters.push({ path, resolve: (event) => (clearTimeout(timer), resolve(event)) });
      }),
    close: () => controller.abort(),
  };
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { runs: sorted.length, min: sorted[0], median: at(0.5), p90: at(0.9), max: sorted[sorted.length - 1] };
};
const ms = (value) => `${value.toFixed(0)} ms`;

/** Save one article RUNS times (a new sentence each time) and time each save to its reload event. */
async function measureSaves(dev, root, file, path) {
  const events = await openEvents(dev.url, path, await pageInfo(dev.url, path));
  const original = readFileSync(join(root, file), 'utf8');
  const saves = [];
  const serves = [];
  const rebuilds = [];
  const cpu = [];
  let retried = 0;
  try {
    for (let run = 0; run <= RUNS; run++) {
      const sentence = `Zin ${run} van de meting.`;
      let event = events.waitFor(path);
      const started = performance.now();
      writeFileSync(join(root, file), `${original}\n${sentence}\n`);
      let { at: arrived, data } = await event;
      let html = (await pageInfo(dev.url, path)).html;
      // The server may have read the file while it was being written (the watcher looks again
      // 60 ms later and sends another event): the time that counts is that of the event after
      // which the page shows the save.
      for (let again = 0; !html.includes(sentence) && again < 3; again++) {
        retried++;
        event = events.waitFor(path);
        ({ at: arrived, data } = await event);
        html = (await pageInfo(dev.url, path)).html;
      }
      const served = performance.now();
      if (!html.includes(sentence)) throw new Error(`the page does not show save ${run}:\n${dev.output()}`);
      // Run 0 warms the JIT up; it is not counted.
      if (run > 0) {
        saves.push(arrived - started);
        serves.push(served - arrived);
        rebuilds.push(data.ms);
        cpu.push(data.cpuMs);
      }
      // Past the watcher's second look (60 ms) and chokidar's throttle: each save is on its own.
      await sleep(250);
    }
  } finally {
    events.close();
    writeFileSync(join(root, file), original);
  }
  return { save: stats(saves), render: stats(serves), rebuild: stats(rebuilds), cpu: stats(cpu), retried };
}

/** Add a new article (the full rebuild path: new pages, lists, redirects) and time it to the event. */
async function measureAdd(dev, root, id) {
  const path = `/nieuws/${id}-een-nieuw-artikel`;
  const events = await openEvents(dev.url, path, await pageInfo(dev.url, path));
  const event = events.waitFor(path, 120_000);
  const started = performance.now();
  writeFileSync(
    join(root, `content/nl/news/${id}-een-nieuw-artikel.md`),
    `---\nid: ${id}\ntitle: Een nieuw artikel\ndate: "2026-11-21"\nimage: court-clay-3\nsummary: "Toegevoegd door de meting."\n---\nTekst.\n`,
  );
  const { at, data } = await event.catch((error) => {
    throw new Error(`${error.message}; site dev said:\n${dev.output().slice(-3000)}`);
  });
  events.close();
  return { ms: at - started, rebuildMs: data.ms, cpuMs: data.cpuMs };
}

async function measureSite(label, root, file, where) {
  const dev = await startDev(root);
  let warm;
  try {
    const path =
      typeof where === 'string'
        ? where
        : (await fetch(`${dev.url}${where.redirectOf}`, { redirect: 'manual' })).headers.get('location');
    const saves = await measureSaves(dev, root, file, path);
    const add = await measureAdd(dev, root, 99999);
    const pages = /\((\d+) pages/.exec(dev.output())?.[1];
    return { label, pages: Number(pages), readyMs: dev.readyMs, ...saves, add };
  } finally {
    await stopDev(dev);
    // A second start: the Markdown cache the first one wrote is warm now.
    warm = await startDev(root);
    await stopDev(warm);
    results.warmStart[label] = warm.readyMs;
  }
}

const results = { warmStart: {} };
const rows = [];
const bundled = benchProject();
try {
  rows.push(
    await measureSite(
      'bundled site',
      bundled,
      'content/nl/news/1-voorjaarslessen-starten-op-31-maart.md',
      '/nieuws/1-voorjaarslessen-starten-op-31-maart',
    ),
  );
} finally {
  rmSync(bundled, { recursive: true, force: true });
}
if (!args.includes('--skip-scale')) {
  const scale = scaleSite();
  try {
    const file = readdirSync(join(scale.root, 'content/nl/news')).find((name) => name.startsWith('1000-'));
    // The article's address is its file name (docs/content.md); /nieuws/1000 redirects to it.
    rows.push(
      await measureSite(`${ARTICLES} articles per language`, scale.root, `content/nl/news/${file}`, {
        redirectOf: '/nieuws/1000',
      }),
    );
  } finally {
    rmSync(scale.work, { recursive: true, force: true });
  }
}

console.log(
  `\nnode ${process.version}, ${cpus().length} cores (${cpus()[0]?.model}), load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${RUNS} saves per site\n`,
);
console.log('Save one article (fast path):\n');
console.log(
  '| site | pages | save to reload event: median | p90 | max | min | of which rebuild (median) | rebuild CPU time (median) | page served after the event (median) |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) {
  console.log(
    `| ${row.label} | ${row.pages} | ${ms(row.save.median)} | ${ms(row.save.p90)} | ${ms(row.save.max)} | ${ms(row.save.min)} | ${ms(row.rebuild.median)} | ${ms(row.cpu.median)} | ${ms(row.render.median)} |`,
  );
}
console.log('\nAdd an article (full path), and start-up:\n');
console.log(
  '| site | add: save to reload event | of which rebuild | rebuild CPU time | start, cold Markdown cache | start, warm |',
);
console.log('| --- | --- | --- | --- | --- | --- |');
for (const row of rows) {
  console.log(
    `| ${row.label} | ${ms(row.add.ms)} | ${ms(row.add.rebuildMs)} | ${ms(row.add.cpuMs)} | ${(row.readyMs / 1000).toFixed(1)} s | ${(results.warmStart[row.label] / 1000).toFixed(1)} s |`,
  );
}
for (const row of rows)
  if (row.retried) console.log(`${row.label}: ${row.retried} save(s) needed a second event (read while being written)`);
console.log(`\n${JSON.stringify(rows)}`);
