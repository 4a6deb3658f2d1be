#!/usr/bin/env node
// JavaScript per page of a built site, gzipped, against the budget of DESIGN.md ("Budgets"):
// a static page (one without islands) at most 2 KB, which is the header's enhancement
// (islands/header.ts, issue 19); a page with islands at most 15 KB gzipped of JavaScript in total
// (the login page excepted: it loads Firebase on demand).
//
//   node scripts/js-budget.mjs [dist] [--budget <bytes>] [--static-budget <bytes>] [--write <RESULTS.md>] [--json] [--all]
//
// A page's JavaScript is every script it names (<script src>, each island's data-src) and every
// file those import, statically or dynamically (shared chunks, the hydration runtime): all of it
// is downloaded once every island on the page has woken. Sizes are gzip level 9, as `site serve`
// sends them. Exit 1 when any page is over budget or loads a script it should not.
//
// On demand (issue 6): an island's own import("./x") runs only when the island decides to (the
// login island fetching Firebase; the header fetching the signed-in menu only when someone is
// signed in), so what it reaches is reported apart, as "on demand", and not held to the budget.
// The loader's import() calls are always taken (hydration) and count in full; the header script's
// (the signed-in menu, for a browser with a stored profile) are on demand. Firebase's SDK
// (a file naming "@firebase/app") may only be reached, even on demand, from the identity pages:
// login and my registrations (DESIGN.md: Firebase loads only where identity is needed).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, posix, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';

const { moduleImports } = await tsImport('../cli/check/module-imports.ts', import.meta.url);

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1];
};
const dist = args.find((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--')) ?? 'dist';
const budget = Number(option('--budget', 15 * 1024));
const staticBudget = Number(option('--static-budget', 2 * 1024));
const resultsFile = option('--write', undefined);
const publicDir = join(dist, 'public');
// The login page loads Firebase's SDK on demand; the one page the budget does not cover (DESIGN.md).
const excepted = (path) => /^\/(nl\/|en\/)?login$/.test(path);
// The pages that need identity (site.config.yaml routes login, registrations, registration).
const identityPage = (path) =>
  excepted(path) || /^\/(nl\/)?evenementen\/inschrijvingen(\/|$)|^\/en\/events\/registrations(\/|$)/.test(path);

async function htmlFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** /verenigingen/1-ltc-de-kei.html -> /verenigingen/1-ltc-de-kei; index.html -> its folder. */
function pagePath(file) {
  const path = `/${relative(publicDir, file).split(sep).join('/')}`.replace(/\.html$/, '');
  return path === '/index' ? '/' : path.replace(/\/index$/, '');
}

const attribute = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** What a page asks for: script URLs, island script URLs, and inline scripts that would run. */
function pageScripts(html) {
  const scripts = [];
  let inline = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attribute(match[1], 'src');
    if (src) scripts.push(src);
    else if (!/type="application\/(ld\+)?json"/.test(match[1]) && match[2].trim() !== '') inline += 1;
  }
  const islands = [...html.matchAll(/<site-island\b[^>]*>/g)]
    .map((match) => ({ name: attribute(match[0], 'data-island'), src: attribute(match[0], 'data-src') }))
    .filter((island) => island.src);
  return { scripts, inline, islands };
}

// islands.json (written by the build) names the entries (the loader's URL) and what each hashed chunk holds.
const manifest = JSON.parse(await readFile(join(dist, 'islands.json'), 'utf8').catch(() => '{}'));

const files = new Map();
async function jsFile(url) {
  if (!files.has(url)) {
    const contents = await readFile(join(publicDir, ...url.split('/').filter(Boolean)));
    const text = contents.toString('utf8');
    const resolve = (specifier) => posix.join(posix.dirname(url), specifier);
    const { imports, lazy } = moduleImports(text);
    files.set(url, {
      gzip: gzipSync(contents, { level: 9 }).byteLength,
      imports: imports.map(resolve),
      lazy: lazy.map(resolve),
      firebase: text.includes('"@firebase/app"'),
    });
  }
  return files.get(url);
}

/**
 * The files reached from `urls` by static imports (and by every import of the `taken` files, the
 * loader), and apart from them the files reached only through an island's import(): on demand.
 */
async function closure(urls, taken = new Set()) {
  const seen = new Set();
  const later = [];
  const queue = [...urls];
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    const file = await jsFile(url);
    queue.push(...file.imports);
    (taken.has(url) ? queue : later).push(...file.lazy);
  }
  const onDemand = new Set();
  while (later.length) {
    const url = later.shift();
    if (seen.has(url) || onDemand.has(url)) continue;
    onDemand.add(url);
    const file = await jsFile(url);
    later.push(...file.imports, ...file.lazy);
  }
  return { all: seen, onDemand };
}

const pages = [];
for (const file of await htmlFiles(publicDir)) {
  const html = await readFile(file, 'utf8');
  const path = pagePath(file);
  const { scripts, inline, islands } = pageScripts(html);
  const { all, onDemand } = await closure(
    [...scripts, ...islands.map((island) => island.src)],
    new Set(scripts.filter((url) => url === manifest.islands?.loader)),
  );
  let bytes = 0;
  for (const url of all) bytes += (await jsFile(url)).gzip;
  let onDemandBytes = 0;
  for (const url of onDemand) onDemandBytes += (await jsFile(url)).gzip;
  let firebase = false;
  for (const url of [...all, ...onDemand]) firebase ||= (await jsFile(url)).firebase;
  const problems = [];
  if (firebase && !identityPage(path))
    problems.push('loads Firebase code, which only the login and registrations pages may');
  if (inline) problems.push(`${inline} inline script(s): the CSP refuses them`);
  if (islands.length === 0 && bytes > staticBudget)
    problems.push(
      `${bytes} B of JavaScript on a page without islands, over the ${staticBudget} B budget of static pages`,
    );
  else if (bytes > budget && !excepted(path)) problems.push(`${bytes} B of JavaScript, over the ${budget} B budget`);
  pages.push({
    path,
    islands: [...new Set(islands.map((island) => island.name))].sort(),
    files: all.size,
    bytes,
    onDemand: onDemandBytes,
    firebase,
    problems,
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
function fileLabel(url) {
  const name = url.replace(/^\/islands\//, '').replace(/-[A-Z0-9]{8}\.js$/, '');
  const contains = manifest.files?.[url]?.contains ?? [];
  return name === 'chunk' && contains.length
    ? `chunk (${contains
        .slice(0, 3)
        .map((input) => input.replace(/^islands\//, ''))
        .join(' + ')})`
    : name;
}
// Pages with the same islands download the same files: one row per set, with examples.
const groups = new Map();
for (const page of pages) {
  const key = page.islands.join(', ') || '(none)';
  const group = groups.get(key) ?? {
    islands: key,
    pages: [],
    bytes: new Set(),
    onDemand: new Set(),
    files: page.files,
  };
  group.pages.push(page.path);
  group.bytes.add(page.bytes);
  if (page.onDemand) group.onDemand.add(page.onDemand);
  groups.set(key, group);
}
const onDemandText = (row) => (row.onDemand.size ? ` (+${[...row.onDemand].map(kb).join(' / ')} on demand)` : '');
const rows = [...groups.values()].sort((a, b) => Math.max(...b.bytes) - Math.max(...a.bytes));
const withIslands = pages.filter((page) => page.islands.length);
const heaviest = withIslands.filter((page) => !excepted(page.path)).sort((a, b) => b.bytes - a.bytes)[0];
const failures = pages.filter((page) => page.problems.length);
const withFirebase = pages.filter((page) => page.firebase);
const firebaseLine = `Firebase SDK: reached (on demand) from ${withFirebase.length} page(s)${withFirebase.length ? ` (${withFirebase.map((page) => page.path).join(', ')})` : ''}; the other ${pages.length - withFirebase.length} pages load no Firebase code`;

if (args.includes('--json')) {
  process.stdout.write(`${JSON.stringify({ budget, staticBudget, pages, failures: failures.length }, null, 2)}\n`);
} else {
  const lines = [
    `JavaScript per page (gzip -9), budget ${kb(budget)} with islands, ${kb(staticBudget)} without: ${pages.length} pages, ${withIslands.length} with islands, ${pages.length - withIslands.length} without`,
    ...rows.map(
      (row) =>
        `  ${[...row.bytes].map(kb).join(' / ').padStart(9)}  ${String(row.pages.length).padStart(4)} pages  ${row.islands}${onDemandText(row)}  (e.g. ${row.pages.slice(0, 2).join(', ')})`,
    ),
    heaviest ? `heaviest: ${heaviest.path} ${kb(heaviest.bytes)} (${heaviest.files} files)` : 'no page has islands',
    firebaseLine,
    ...(args.includes('--all') ? pages.map((page) => `  ${kb(page.bytes).padStart(9)}  ${page.path}`) : []),
    ...failures.map((page) => `OVER BUDGET ${page.path}: ${page.problems.join('; ')}`),
    failures.length
      ? `${failures.length} page(s) fail the JavaScript budget`
      : 'every page is within the JavaScript budget',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (resultsFile) {
  const heading = '## Islands: JS per page (issue 4)';
  const section = [
    heading,
    '',
    `\`node scripts/js-budget.mjs <dist> --write bench/RESULTS.md\` on ${new Date().toISOString().slice(0, 10)}; gzip level 9 (as \`site serve\` sends it);`,
    `a page counts every script it names and everything those import (loader, islands, shared chunks, hydration runtime);`,
    `what an island fetches only when it needs it (Firebase on login, the signed-in menu) is listed as on demand.`,
    `Budget ${kb(budget)} per page with islands (login excepted), ${kb(staticBudget)} per page without (the header's script). ${pages.length} pages, ${withIslands.length} with islands, ${failures.length} over budget.`,
    '',
    '| islands on the page | JS gzipped | files | pages | for example |',
    '| --- | ---: | ---: | ---: | --- |',
    ...rows.map(
      (row) =>
        `| ${row.islands} | ${[...row.bytes].map(kb).join(' / ')}${onDemandText(row)} | ${row.files} | ${row.pages.length} | ${row.pages.slice(0, 2).join(', ')} |`,
    ),
    '',
    `Files (gzip -9): ${[...files.entries()]
      .sort((a, b) => b[1].gzip - a[1].gzip)
      .map(([url, file]) => `${fileLabel(url)} ${file.gzip} B`)
      .join(', ')}.`,
    '',
  ].join('\n');
  const current = await readFile(resultsFile, 'utf8').catch(() => '# Benchmark results\n');
  const start = current.indexOf(heading);
  const next = start === -1 ? -1 : current.indexOf('\n## ', start + heading.length);
  const updated =
    start === -1
      ? `${current.trimEnd()}\n\n${section}`
      : `${current.slice(0, start)}${section}${next === -1 ? '' : current.slice(next + 1)}`;
  await writeFile(resultsFile, `${updated.trimEnd()}\n`);
}

process.exitCode = failures.length ? 1 : 0;
