/**
 * scripts/js-budget.mjs and identity (issue 6): Firebase may be reached only from the login and
 * registrations pages, and what an island fetches on demand is reported apart from the budget.
 */
import { afterEach, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';

const script = resolve(import.meta.dirname, '../../scripts/js-budget.mjs');
let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const noise = (bytes: number) => `"${randomBytes(bytes).toString('base64')}"`;
const page = (body: string) => `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;
const island = (name: string) =>
  `<site-island data-island="${name}" data-src="/islands/${name}.js" data-load="load" data-props="{}"><p>x</p></site-island>`;
const loader = '<script type="module" src="/islands/loader.js"></script>';

// The shapes esbuild writes: the loader's import() of the runtime is always taken; an island's
// import() is its own decision. The Firebase chunk names "@firebase/app" (registerVersion).
const files = {
  'islands/loader.js': 'import("./chunk-hydrate.js");',
  'islands/chunk-hydrate.js': `import{a}from"./chunk-preact.js";export const h=a;`,
  'islands/chunk-preact.js': `export const a=${noise(4000)};`,
  'islands/login.js': `import{a}from"./chunk-preact.js";const f=()=>import("./chunk-firebase.js");`,
  'islands/chunk-firebase.js': `registerVersion("@firebase/app","12");export const s=${noise(30000)};`,
  // The header's own script (no island, no framework): its import() is the signed-in menu, on demand.
  'islands/header.js': `if(localStorage.getItem("p"))import("./chunk-menu.js");`,
  'islands/chunk-menu.js': `export const m=${noise(2000)};`,
  'islands/card.js': `import{a}from"./chunk-preact.js";`,
  'islands/sneaky.js': `import{a}from"./chunk-preact.js";import("./chunk-menu.js").then(()=>import("./chunk-firebase.js"));`,
};

async function run(pages: Record<string, string>): Promise<{
  code: number;
  out: string;
  json: {
    pages: Array<{
      path: string;
      files: number;
      bytes: number;
      onDemand: number;
      firebase: boolean;
      problems: string[];
    }>;
  };
}> {
  dir = await mkdtemp(join(tmpdir(), 'js-budget-auth-'));
  for (const [path, text] of Object.entries({ ...files, ...pages })) {
    await mkdir(dirname(join(dir, 'public', path)), { recursive: true });
    await writeFile(join(dir, 'public', path), text);
  }
  await writeFile(
    join(dir, 'islands.json'),
    JSON.stringify({ islands: { loader: '/islands/loader.js', header: '/islands/header.js' } }),
  );
  const exec = promisify(execFile);
  const json = JSON.parse(
    (await exec(process.execPath, [script, dir, '--json']).catch((error: { stdout: string }) => error)).stdout,
  ) as never;
  try {
    return { code: 0, out: (await exec(process.execPath, [script, dir])).stdout, json };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout, json };
  }
}

test('login and my registrations may fetch Firebase on demand; it is reported, not budgeted', async () => {
  const { code, out, json } = await run({
    'login.html': page(`${island('login')}${loader}`),
    'en/login.html': page(`${island('login')}${loader}`),
    'evenementen/inschrijvingen.html': page(`${island('login')}${loader}`),
    'en/events/registrations/7.html': page(`${island('login')}${loader}`),
  });
  expect(code).toBe(0);
  const login = json.pages.find((entry) => entry.path === '/login')!;
  expect(login.firebase).toBe(true);
  expect(login.bytes).toBeLessThan(6000);
  expect(login.onDemand).toBeGreaterThan(30000);
  expect(out).toMatch(/login \(\+\d+\.\d KB on demand\)/);
});

test.each([
  ['a page whose island fetches Firebase itself', 'kampen.html', 'login'],
  ['a page that reaches it through another on-demand chunk', 'nieuws.html', 'sneaky'],
  ['a registration-like path that is not one', 'evenementen/inschrijvingen-oud.html', 'login'],
])('%s fails', async (_, file, name) => {
  const { code, out } = await run({ [file]: page(`${island(name)}${loader}`) });
  expect(code).toBe(1);
  expect(out).toContain(
    `/${file.replace(/\.html$/, '')}: loads Firebase code, which only the login and registrations pages may`,
  );
});

const header = '<script type="module" src="/islands/header.js"></script>';

test('the signed-in menu every page may fetch is on demand; the loader’s runtime is not', async () => {
  const { code, json } = await run({
    'index.html': page(`${header}${island('card')}${loader}`),
    'over-ons.html': page(header),
  });
  expect(code).toBe(0);
  const home = json.pages.find((entry) => entry.path === '/')!;
  expect(home.firebase).toBe(false);
  // header + card + preact + loader + hydrate (the loader's import() counts); the menu apart.
  expect(home.files).toBe(5);
  expect(home.bytes).toBeGreaterThan(4000);
  expect(home.onDemand).toBeGreaterThan(2000);
  expect(home.onDemand).toBeLessThan(3500);
  // A static page: the header script alone, the menu on demand.
  const about = json.pages.find((entry) => entry.path === '/over-ons')!;
  expect(about.files).toBe(1);
  expect(about.bytes).toBeLessThan(200);
  expect(about.onDemand).toBeGreaterThan(2000);
  expect(about.onDemand).toBeLessThan(3500);
});
