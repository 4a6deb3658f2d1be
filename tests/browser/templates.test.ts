/**
 * Every template, in both languages, at phone and desktop width, in a real browser (issue 9):
 * no console error, no failed request, no axe-core violation, and with SITE_SCREENSHOTS=1 a
 * screenshot of each in test-results/screenshots/<viewport>/ (git-ignored). One browser; one context
 * per viewport (phone in dark mode, desktop in light); pages run a few at a time.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, Page, Request, Response } from 'playwright-core';
import { startServer, type RunningServer } from '../../cli/serve/server.ts';
import { axeViolations } from '../helpers/axe.ts';
import { browserAvailable, launchBrowser, VIEWPORTS } from '../helpers/browser.ts';
import { buildSiteOnce } from '../helpers/islands-site.ts';
import { measureHero, subjectProblems } from '../helpers/hero-subject.ts';
import { PagePool } from '../helpers/page-pool.ts';
import { templateNames, templateTargets, type Target } from '../helpers/template-targets.ts';

const root = resolve(import.meta.dirname, '../..');
const screenshots = join(root, 'test-results', 'screenshots');
const takeScreenshots = process.env.SITE_SCREENSHOTS === '1';

/**
 * Problems a visitor's browser reports on one page: console errors, failed or refused requests,
 * and (by `settle`) requests that never end.
 */
function watch(page: Page, target: Required<Target>) {
  const problems: string[] = [];
  const pending = new Set<string>();
  // The 404 page is itself answered with 404, which Chromium logs as a failed resource.
  const expectedFailure = (url: string) => target.status !== 200 && new URL(url).pathname === target.path;
  const handlers = {
    request: (request: Request) => pending.add(request.url()),
    requestfinished: (request: Request) => pending.delete(request.url()),
    console: (message: ConsoleMessage) => {
      if (message.type() === 'error' && !expectedFailure(message.location().url || page.url()))
        problems.push(`console: ${message.text()}`);
    },
    pageerror: (error: Error) => problems.push(`page error: ${error.message}`),
    requestfailed: (request: Request) => {
      pending.delete(request.url());
      problems.push(`failed: ${request.url()} (${request.failure()?.errorText})`);
    },
    response: (response: Response) => {
      if (response.status() >= 400 && !expectedFailure(response.url()))
        problems.push(`HTTP ${response.status()}: ${response.url()}`);
    },
  };
  for (const [event, handler] of Object.entries(handlers)) page.on(event as 'request', handler as () => void);
  /** Waits until no request has been open for 0.5 s (islands loaded, forms ready); 15 s at most. */
  const settle = () =>
    page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {
      problems.push(`requests still open after 15 s: ${[...pending].join(', ')}`);
    });
  /** Stops listening: the tab goes back to the pool for the next template. */
  const stop = () => {
    for (const [event, handler] of Object.entries(handlers)) page.off(event as 'request', handler as () => void);
  };
  return { problems, settle, stop };
}

/** A phone page a visitor still scrolls through: the home page was 10,800 px, the jobs page 11,400 (issue 19). */
const PHONE_PAGE_LIMIT = 9_000;

/** Widths from a small phone to a wide desktop, across the hero's two layouts (hero.css, 50rem). */
const HERO_WIDTHS = [360, 390, 768, 800, 1024, 1280, 1440, 1920];

/**
 * Layout rules every page keeps (issue 19): the hero's text never covers its picture's subject
 * (tests/helpers/hero-subject.ts); a phone page within PHONE_PAGE_LIMIT; on a desktop,
 * no grid of cards ends in a shorter row than it starts with (three across left an orphan of two),
 * the actions at the foot of cards side by side line up, and a section after a tinted band has
 * its own top space.
 */
async function expectLayout(page: Page, viewport: keyof typeof VIEWPORTS) {
  const hero = await measureHero(page);
  if (hero) expect(subjectProblems(hero), "the hero's subject in view").toEqual([]);
  if (viewport === 'phone') {
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight),
      'page length on a phone',
    ).toBeLessThanOrEqual(PHONE_PAGE_LIMIT);
    return;
  }
  const rows = await page.evaluate(() =>
    [...document.querySelectorAll('.card-grid, .callout-grid, .package-grid')].map((grid) => {
      const tops = new Map<number, number>();
      for (const item of grid.children) {
        const top = Math.round(item.getBoundingClientRect().top);
        tops.set(top, (tops.get(top) ?? 0) + 1);
      }
      return [...tops.values()];
    }),
  );
  for (const counts of rows)
    expect(counts.at(-1), `cards per row ${counts.join(', ')}`).toBeGreaterThanOrEqual(counts[0]!);
  // Per row of cards, the distinct heights of their actions: one each.
  const feet = await page.evaluate(() =>
    [...document.querySelectorAll('.callout-grid, .package-grid')].flatMap((grid) => {
      const rows = new Map<number, Set<number>>();
      for (const card of grid.children) {
        const action = [...card.querySelectorAll('.button')].at(-1);
        if (!action) continue;
        const row = Math.round(card.getBoundingClientRect().top);
        rows.set(row, (rows.get(row) ?? new Set()).add(Math.round(action.getBoundingClientRect().bottom)));
      }
      return [...rows.values()].map((bottoms) => bottoms.size);
    }),
  );
  for (const heights of feet) expect(heights, 'actions of one row of cards at one height').toBe(1);
  // A section after a tinted band starts with space of its own (the camps' questions sat flush under it).
  const flush = await page.evaluate(() =>
    [...document.querySelectorAll('.tinted + .section')]
      .filter((section) => parseFloat(getComputedStyle(section).paddingTop) < 24)
      .map((section) => section.id || section.className),
  );
  expect(flush, 'sections flush against a tinted band').toEqual([]);
}

const runs = browserAvailable('tests/browser/templates.test.ts');
const names = runs ? await templateNames(root) : [];

describe.skipIf(!runs)('every template in a browser', () => {
  let tmp: string;
  let server: RunningServer;
  let browser: Browser;
  const contexts = new Map<keyof typeof VIEWPORTS, BrowserContext>();
  const pools = new Map<keyof typeof VIEWPORTS, PagePool>();
  let targets: Map<string, Target>;

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'site-browser-'));
    const [dist, launched] = await Promise.all([
      buildSiteOnce(),
      launchBrowser(),
      takeScreenshots && mkdir(screenshots, { recursive: true }),
    ]);
    browser = launched;
    targets = await templateTargets(root, dist);
    server = await startServer({
      dist,
      port: 0,
      host: '127.0.0.1',
      env: { SITE_OUTBOX: join(tmp, 'outbox') },
      root: tmp,
      log: () => {},
    });
    for (const [name, viewport] of Object.entries(VIEWPORTS) as Array<
      [keyof typeof VIEWPORTS, (typeof VIEWPORTS)[keyof typeof VIEWPORTS]]
    >) {
      // A Dutch browser: the language island would send an English one from /kampen to /en/camps.
      // Phones in dark mode, desktops in light: axe checks the contrast of both colour schemes
      // without visiting every page twice more.
      const device =
        name === 'phone'
          ? { isMobile: true, hasTouch: true, colorScheme: 'dark' as const }
          : { colorScheme: 'light' as const };
      const context = await browser.newContext({
        viewport,
        baseURL: server.url,
        locale: 'nl-NL',
        reducedMotion: 'reduce',
        ...device,
      });
      contexts.set(name, context);
      pools.set(name, new PagePool(context));
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
      const path = target.path;
      if (!path) return context.skip(`the built site has no ${name} page`);
      await pools.get(viewport)!.visit(async (page) => {
        const { problems, settle, stop } = watch(page, { ...target, path });
        try {
          const response = await page.goto(path, { waitUntil: 'load' });
          expect(response?.status(), path).toBe(target.status);
          // Every image, not only those in view: a broken one below the fold must fail too, and the
          // screenshot should show the page as a visitor who scrolls sees it.
          await page.evaluate(() =>
            Promise.all(
              [...document.images].map((image) => ((image.loading = 'eager'), image.decode().catch(() => undefined))),
            ),
          );
          await settle();
          // For people to look at, so only when asked (SITE_SCREENSHOTS=1; scripts/screenshots.mjs takes
          // every template four ways): 124 full pages cost CI about a minute. JPEG: PNG takes seconds.
          if (takeScreenshots)
            await page.screenshot({
              path: join(screenshots, viewport, `${target.name.replace('/', '-')}.jpg`),
              fullPage: true,
              type: 'jpeg',
              quality: 80,
            });
          const violations = await axeViolations(page);
          const found = violations.map(
            (v) =>
              `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n')}`,
          );
          expect(found, 'axe-core violations').toEqual([]);
          expect(problems, 'browser problems').toEqual([]);
          await expectLayout(page, viewport);
        } finally {
          stop();
        }
      });
    });
  });

  // The check above passes only if it can fail: a page with an image without alt text and a
  // grey-on-white paragraph gets both named.
  test('the accessibility check names real violations', async () => {
    const page = await contexts.get('desktop')!.newPage();
    try {
      await page.setContent(
        '<!doctype html><html lang="nl"><title>t</title><main><h1>t</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><p style="color:#ccc;background:#fff">grijs</p></main></html>',
      );
      const rules = (await axeViolations(page)).map((violation) => violation.id);
      expect(rules).toEqual(expect.arrayContaining(['image-alt', 'color-contrast']));
    } finally {
      await page.close();
    }
  });

  // The heroes whose subject the text used to cover (the home page's player, the logo on contact
  // and privacy) and the longest title's word ("Jubileumtoernooi"), at every width between the
  // suite's phone and desktop: one load each, resized.
  test.for([
    'nl/home',
    'en/home',
    'nl/contact',
    'en/contact',
    'nl/privacy-policy',
    'en/privacy-policy',
    'nl/event-signup',
  ])('%s shows its hero subject at every width', { timeout: 120_000 }, async (name) => {
    const page = await contexts.get('desktop')!.newPage();
    try {
      await page.goto(targets.get(name)!.path!, { waitUntil: 'domcontentloaded' });
      for (const width of HERO_WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        const hero = await measureHero(page);
        expect(hero && subjectProblems(hero), `${width} px`).toEqual([]);
      }
    } finally {
      await page.close();
    }
  });
});
