/**
 * Every template, in both languages, at phone and desktop width, in a real browser (issue 9):
 * no console error, no failed request, no axe-core violation, and a screenshot of each in
 * test-results/screenshots/<viewport>/ (a CI artifact, git-ignored). One browser; one context
 * per viewport (phone in dark mode, desktop in light); pages run a few at a time.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../cli/serve/server.ts';
import { loadConfig } from '../../cli/config/load.ts';
import { browserAvailable, launchBrowser, VIEWPORTS } from '../helpers/browser.ts';

const root = resolve(import.meta.dirname, '../..');
const screenshots = join(root, 'test-results', 'screenshots');

interface Target {
  /** `nl/club`, `en/not-found`: the template and language, also the screenshot's name. */
  name: string;
  /** Undefined when the built site has no page of the route (a second page of news, before there are 13 articles). */
  path?: string;
  status: number;
}

/** A route's pattern (`/clubs/:id-:slug`) with its language prefix (`/en/clubs/:id-:slug`). */
const prefixed = (pattern: string, locale: 'nl' | 'en') => (locale === 'nl' ? pattern : pattern === '/' ? '/en' : `/en${pattern}`);

/** Matches the paths of a route's pattern: `:id` a number, `:slug` one segment. */
const matcher = (pattern: string) => new RegExp(`^${pattern.replace(/:id/g, '\\d+').replace(/:slug/g, '[^/]+')}$`);

const locales = ['nl', 'en'] as const;
const STATUS_PATHS = {
  'not-found': { nl: '/bestaat-niet', en: '/en/does-not-exist', status: 404 },
  error: { nl: '/500', en: '/en/500', status: 200 },
} as const;

/** Every template in both languages: `nl/club`, `en/not-found`. The route table is site.config.yaml's. */
async function templateNames(): Promise<string[]> {
  const routes = [...Object.keys((await loadConfig(root)).routes), ...Object.keys(STATUS_PATHS)];
  return locales.flatMap((locale) => routes.map((route) => `${locale}/${route}`));
}

/** Routes not in the sitemap, visited at one id: the registration shell (any id), a form's result pages. */
const SAMPLE_IDS: Record<string, string> = { registration: 'abc123', 'form-sent': 'contact', 'form-failed': 'invalid' };

/**
 * The page each template is visited at: fixed routes at their path, item routes (a club, an
 * article) at the first of their pages in the built sitemap, the registration shell (one page for
 * every id) at a made-up id, 404 at a path that does not exist.
 */
async function templateTargets(dist: string): Promise<Map<string, Target>> {
  const { routes } = await loadConfig(root);
  const sitemap = await readFile(join(dist, 'public', 'sitemap.xml'), 'utf8');
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const targets = new Map<string, Target>();
  for (const name of await templateNames()) {
    const [locale, route] = name.split('/') as ['nl' | 'en', string];
    if (route in STATUS_PATHS) {
      const status = STATUS_PATHS[route as keyof typeof STATUS_PATHS];
      targets.set(name, { name, path: status[locale], status: status.status });
      continue;
    }
    const pattern = prefixed(routes[route as keyof typeof routes][locale], locale);
    const sample = SAMPLE_IDS[route];
    const path = !pattern.includes(':') ? pattern : sample ? pattern.replace(':id', sample) : listed.find((candidate) => matcher(pattern).test(candidate));
    targets.set(name, { name, ...(path ? { path } : {}), status: 200 });
  }
  return targets;
}

/**
 * Problems a visitor's browser reports on one page: console errors, failed or refused requests,
 * and (by `settle`) requests that never end.
 */
function watch(page: Page, target: Required<Target>) {
  const problems: string[] = [];
  const pending = new Set<string>();
  page.on('request', (request) => pending.add(request.url()));
  page.on('requestfinished', (request) => pending.delete(request.url()));
  // The 404 page is itself answered with 404, which Chromium logs as a failed resource.
  const expectedFailure = (url: string) => target.status !== 200 && new URL(url).pathname === target.path;
  page.on('console', (message) => {
    if (message.type() === 'error' && !expectedFailure(message.location().url || page.url())) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    pending.delete(request.url());
    problems.push(`failed: ${request.url()} (${request.failure()?.errorText})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !expectedFailure(response.url())) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  /** Waits until no request has been open for 0.5 s (islands loaded, forms ready); 15 s at most. */
  const settle = () =>
    page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {
      problems.push(`requests still open after 15 s: ${[...pending].join(', ')}`);
    });
  return { problems, settle };
}

const runs = browserAvailable('tests/browser/templates.test.ts');
const names = runs ? await templateNames() : [];

describe.skipIf(!runs)('every template in a browser', () => {
  let tmp: string;
  let server: RunningServer;
  let browser: Browser;
  const contexts = new Map<keyof typeof VIEWPORTS, BrowserContext>();
  let targets: Map<string, Target>;

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'site-browser-'));
    const [, launched] = await Promise.all([
      promisify(execFile)(process.execPath, ['bin/site.mjs', 'build', '--out', join(tmp, 'dist')], { cwd: root }),
      launchBrowser(),
      mkdir(screenshots, { recursive: true }),
    ]);
    browser = launched;
    targets = await templateTargets(join(tmp, 'dist'));
    server = await startServer({ dist: join(tmp, 'dist'), port: 0, host: '127.0.0.1', env: { SITE_OUTBOX: join(tmp, 'outbox') }, root: tmp, log: () => {} });
    for (const [name, viewport] of Object.entries(VIEWPORTS) as Array<[keyof typeof VIEWPORTS, (typeof VIEWPORTS)[keyof typeof VIEWPORTS]]>) {
      // A Dutch browser: the language island would send an English one from /kampen to /en/camps.
      // Phones in dark mode, desktops in light: axe checks the contrast of both colour schemes
      // without visiting every page twice more.
      const device = name === 'phone' ? { isMobile: true, hasTouch: true, colorScheme: 'dark' as const } : { colorScheme: 'light' as const };
      contexts.set(name, await browser.newContext({ viewport, baseURL: server.url, locale: 'nl-NL', reducedMotion: 'reduce', ...device }));
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close(500);
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  describe.concurrent.each(Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>)('%s', (viewport) => {
    // A page is four steps of a few seconds each on a busy machine; the default 60 s is tight.
    test.for(names)('%s', { timeout: 120_000 }, async (name, context) => {
      const target = targets.get(name)!;
      if (!target.path) return context.skip(`the built site has no ${name} page`);
      const page = await contexts.get(viewport)!.newPage();
      try {
        const { problems, settle } = watch(page, { ...target, path: target.path });
        const response = await page.goto(target.path, { waitUntil: 'load' });
        expect(response?.status(), target.path).toBe(target.status);
        // Every image, not only those in view: a broken one below the fold must fail too, and the
        // screenshot should show the page as a visitor who scrolls sees it.
        await page.evaluate(() => Promise.all([...document.images].map((image) => ((image.loading = 'eager'), image.decode().catch(() => undefined)))));
        await settle();
        // JPEG: a full page in PNG takes seconds to encode; these are for people to look at.
        await page.screenshot({ path: join(screenshots, viewport, `${target.name.replace('/', '-')}.jpg`), fullPage: true, type: 'jpeg', quality: 80 });
        // Only violations: collecting every pass makes axe a third slower.
        const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
        const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n')}`);
        expect(found, 'axe-core violations').toEqual([]);
        expect(problems, 'browser problems').toEqual([]);
      } finally {
        await page.close();
      }
    });
  });
});
