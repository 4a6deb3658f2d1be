/**
 * scripts/js-budget.mjs on small built sites of its own: it must pass a good one and fail each
 * way a page can break the budget (DESIGN.md "Budgets").
 */
import { afterEach, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';

const script = resolve(import.meta.dirname, '../../scripts/js-budget.mjs');
let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Random bytes as base64: gzip gets them back to about `bytes`, no smaller. */
const noise = (bytes: number) => `export const n="${randomBytes(bytes).toString('base64')}";`;

async function site(files: Record<string, string>): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'js-budget-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, 'public', path)), { recursive: true });
    await writeFile(join(dir, 'public', path), text);
  }
  await writeFile(
    join(dir, 'islands.json'),
    JSON.stringify({ islands: { loader: '/islands/loader.js', header: '/islands/header.js' } }),
  );
  return dir;
}

const page = (body: string) => `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;
const island = (name: string) =>
  `<site-island data-island="${name}" data-src="/islands/${name}.js" data-load="load" data-props="{}"><p>x</p></site-island>`;
const loader = '<script type="module" src="/islands/loader.js"></script>';
const header = '<script type="module" src="/islands/header.js"></script>';

async function run(dist: string, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script, dist, ...args]);
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout };
  }
}

const baseFiles = {
  'islands/loader.js': 'import("./chunk-hydrate.js");document.querySelectorAll("site-island");',
  'islands/chunk-hydrate.js': `import{a}from"./chunk-preact.js";export const h=a;`,
  'islands/chunk-preact.js': noise(4000),
  'islands/menu.js': `import{a}from"./chunk-preact.js";${noise(500)}`,
  'islands/big.js': `import{a}from"./chunk-preact.js";${noise(12000)}`,
  // The header's enhancement: no framework; what it imports on demand is not held to the budget.
  'islands/header.js': `${noise(1200)};if(localStorage.x)import("./chunk-preact.js");`,
};

test('a good site passes, counting each page’s files once with what they import', async () => {
  const dist = await site({
    ...baseFiles,
    'index.html': page(`${header}${island('menu')}${loader}`),
    'over-ons.html': page(`${header}<p>no islands: the header's script only</p>`),
    'login.html': page('<p>no header, no script</p>'),
    'data.html': page('<script type="application/ld+json">{"@type":"Organization"}</script>'),
  });
  const { code, out } = await run(dist);
  expect(code).toBe(0);
  expect(out).toContain('4 pages, 1 with islands, 3 without');
  expect(out).toContain('every page is within the JavaScript budget');
  const json = JSON.parse((await run(dist, '--json')).out) as {
    pages: Array<{ path: string; files: number; bytes: number }>;
  };
  const home = json.pages.find((entry) => entry.path === '/')!;
  expect(home.files).toBe(5);
  expect(home.bytes).toBeGreaterThan(5700);
  expect(home.bytes).toBeLessThan(15 * 1024);
  const about = json.pages.find((entry) => entry.path === '/over-ons')!;
  expect(about.files).toBe(1);
  expect(about.bytes).toBeGreaterThan(1200);
  expect(about.bytes).toBeLessThan(2048);
});

test.each([
  ['a page without islands that loads the loader', { 'kampen.html': page(`${header}${loader}`) }, '/kampen: 5'],
  [
    'a page without islands over 2 KB (the header grew)',
    { 'islands/header.js': noise(2100), 'kampen.html': page(header) },
    'B of JavaScript on a page without islands, over the 2048 B budget of static pages',
  ],
  [
    'an inline script',
    { 'kampen.html': page(`${island('menu')}${loader}<script>alert(1)</script>`) },
    'inline script(s): the CSP refuses them',
  ],
  ['a page over 15 KB', { 'vacatures.html': page(`${island('big')}${loader}`) }, 'over the 15360 B budget'],
])('fails on %s', async (_, pages, message) => {
  const { code, out } = await run(await site({ ...baseFiles, ...pages }));
  expect(code).toBe(1);
  expect(out).toContain(message);
});

test('the login page may carry more (it loads Firebase on demand)', async () => {
  const { code } = await run(
    await site({
      ...baseFiles,
      'login.html': page(`${island('big')}${loader}`),
      'en/login.html': page(`${island('big')}${loader}`),
    }),
  );
  expect(code).toBe(0);
});

test('--write puts its own section in RESULTS.md and replaces it on the next run', async () => {
  const dist = await site({ ...baseFiles, 'index.html': page(`${island('menu')}${loader}`) });
  const results = join(dist, 'RESULTS.md');
  await writeFile(results, '# Benchmark results\n\n## Other (issue 5)\n\nkeep me\n');
  await run(dist, '--write', results);
  await run(dist, '--write', results);
  const text = await readFile(results, 'utf8');
  expect(text.match(/## Islands: JS per page \(issue 4\)/g)).toHaveLength(1);
  expect(text).toContain('keep me');
  expect(text).toContain('| menu |');
});
