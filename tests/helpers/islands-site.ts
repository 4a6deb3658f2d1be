import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, BrowserContextOptions, ConsoleMessage, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../cli/serve/server.ts';
import { startSmtp, type TestSmtp } from '../functions/helpers/smtp.ts';
import { launchBrowser } from './browser.ts';

export const root = resolve(import.meta.dirname, '../..');
/** One build shared by every islands browser suite: built by the first, unchanged for the rest. */
const dist = join(root, '.site', 'test-islands', 'dist');
const lock = join(root, '.site', 'test-islands.lock');

/** mkdir is atomic: the suite that creates the lock builds; the others wait for it. */
async function withLock<T>(run: () => Promise<T>): Promise<T> {
  await mkdir(join(root, '.site'), { recursive: true });
  const until = Date.now() + 180_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      const age = Date.now() - ((await stat(lock).catch(() => undefined))?.mtimeMs ?? Date.now());
      if (age > 300_000) await rm(lock, { recursive: true, force: true }); // left by a killed run
      if (Date.now() > until) throw new Error(`waited 3 minutes for ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await run();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** `site build` as a user runs it; an unchanged site makes it a no-op, so every suite may ask. */
export function buildSiteOnce(): Promise<string> {
  return withLock(async () => {
    await build();
    return dist;
  });
}

/** The same build, copied to `target` for a suite that writes into it (a deploy's settings, say). */
export function copyOfBuiltSite(target: string): Promise<void> {
  return withLock(async () => {
    await build();
    await cp(dist, target, { recursive: true });
  });
}

async function build(): Promise<void> {
  await promisify(execFile)(process.execPath, ['bin/site.mjs', 'build', '--out', dist], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });
}

export interface IslandsSite {
  url: string;
  dist: string;
  smtp: TestSmtp;
  server: RunningServer;
  browser: Browser;
  /** islands.json of the build: island name -> script URL. */
  manifest: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The built site behind `site serve` (startServer) with the real POST /mail/send-new, whose SMTP
 * goes to a loopback smtp-server the test can read and make refuse; plus one Chromium.
 */
export async function startIslandsSite(): Promise<IslandsSite> {
  const [built, smtp, browser] = await Promise.all([buildSiteOnce(), startSmtp(), launchBrowser()]);
  const tmp = await mkdtemp(join(tmpdir(), 'site-islands-'));
  const server = await startServer({
    dist: built,
    port: 0,
    host: '127.0.0.1',
    env: { SMTP_URL: smtp.url, SITE_RATE_LIMIT: '0', SITE_OUTBOX: join(tmp, 'outbox') },
    root: tmp,
    log: () => {},
  });
  const manifest = (
    JSON.parse(await readFile(join(built, 'islands.json'), 'utf8')) as { islands: Record<string, string> }
  ).islands;
  return {
    url: server.url,
    dist: built,
    smtp,
    server,
    browser,
    manifest,
    async stop() {
      await browser.close();
      await server.close(500);
      await smtp.close();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

/** Console errors, warnings and page errors: a hydration mismatch or a failed island shows here. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    // Chromium logs the 404 document itself (and a refused form post) as failed resources; those are the point of some tests.
    if (/Failed to load resource: the server responded with a status of (404|400|503)/.test(text)) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** What marks a part as alive: the header's script marks the header, the loader each island it hydrated. */
export const aliveSelector = (name: string) =>
  name === 'header'
    ? '[data-header][data-state="enhanced"]'
    : `site-island[data-island="${name}"][data-state="hydrated"]`;

/** A page whose named islands have all hydrated (`header`: whose header script has run). */
export async function openPage(
  context: BrowserContext,
  path: string,
  options: { waitFor?: string[] } = {},
): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(path, { waitUntil: 'load' });
  for (const name of options.waitFor ?? [])
    await page.locator(aliveSelector(name)).first().waitFor({ state: 'attached' });
  return { page, problems };
}

export const contextOptions = (site: IslandsSite, extra: BrowserContextOptions = {}): BrowserContextOptions => ({
  baseURL: site.url,
  locale: 'nl-NL',
  ...extra,
});
