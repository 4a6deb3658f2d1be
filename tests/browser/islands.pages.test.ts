/**
 * Islands on whole pages (issue 4): hydration leaves the server's markup exactly as it was (no
 * mismatch to warn about), no console message on any island page in either language, a page
 * without islands loads no script, and the 404 page shows the path asked for. (A club's sign-up
 * card on the visitor's calendar: tests/browser/signup-card.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable } from '../helpers/browser.ts';
import { contextOptions, openPage, startIslandsSite, type IslandsSite } from '../helpers/islands-site.ts';

const runs = browserAvailable('tests/browser/islands.pages.test.ts');

/** Islands whose first client render is meant to differ: they show what only the browser knows (date, path, live places). */
const changesOnPurpose = new Set(['signup-window', 'requested-path', 'places-left']);

const pages = [
  { path: '/evenementen', locale: 'nl' },
  { path: '/en/events/1-youth-tennis-open-day', locale: 'en' },
  { path: '/contact', locale: 'nl' },
  { path: '/en/contact', locale: 'en' },
  { path: '/verenigingen/1-ltc-de-kei', locale: 'nl' },
  { path: '/en/clubs/1-ltc-de-kei', locale: 'en' },
  { path: '/vacatures', locale: 'nl' },
  { path: '/en/jobs', locale: 'en' },
  { path: '/kampen', locale: 'nl' },
  { path: '/en/lesson-rules', locale: 'en' },
  { path: '/en/events', locale: 'en' },
];

/**
 * Bring each island that has not woken into view, as a reader would, then wait until every island
 * has hydrated. The site scrolls smoothly (`scroll-behavior: smooth`), so a plain scrollIntoView
 * animates over many frames and the next one cuts it short: on a busy machine an island could be
 * passed between two rendering updates and never seen by the IntersectionObserver (CI, /vacatures:
 * "job-form (visible): not started"). Each island is put in view instantly and kept there for two
 * frames; one still asleep is brought into view again while we wait.
 */
async function hydrateAll(page: Page): Promise<string[]> {
  const wakeSleepers = () =>
    page.evaluate(async () => {
      const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      for (const island of document.querySelectorAll<HTMLElement>('site-island[data-src]')) {
        if (island.dataset.state) continue;
        (island.firstElementChild ?? island).scrollIntoView({ block: 'center', behavior: 'instant' });
        await twoFrames();
      }
    });
  await wakeSleepers();
  // Polled as a list so that a failure names the islands that did not wake and how far they got.
  const notHydrated = async () => {
    await wakeSleepers();
    return page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('site-island[data-src]')]
        .filter((el) => el.dataset.state !== 'hydrated')
        .map((el) => `${el.dataset.island} (${el.dataset.load ?? 'load'}): ${el.dataset.state ?? 'not started'}`),
    );
  };
  await expect.poll(notHydrated, { timeout: 10_000 }).toEqual([]);
  return page.evaluate(() =>
    [...document.querySelectorAll('site-island[data-src]')].map((el) => (el as HTMLElement).dataset.island!),
  );
}

describe.skipIf(!runs)('islands on whole pages', () => {
  let site: IslandsSite;
  beforeAll(async () => {
    site = await startIslandsSite();
  });
  afterAll(() => site?.stop());

  test.each(pages)('$path: every island hydrates onto identical markup, silently', async ({ path, locale }) => {
    const context = await site.browser.newContext(
      contextOptions(site, { locale: locale === 'nl' ? 'nl-NL' : 'en-GB' }),
    );
    const served = await (await context.request.get(path)).text();
    const { page, problems } = await openPage(context, path);
    const hydrated = await hydrateAll(page);
    expect(hydrated.length).toBeGreaterThan(0);
    const differences = await page.evaluate(
      ({ html, skip }) => {
        const original = [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('site-island')];
        const live = [...document.querySelectorAll('site-island')];
        if (original.length !== live.length) return [`${original.length} islands served, ${live.length} in the page`];
        return live.flatMap((island, index) => {
          const name = (island as HTMLElement).dataset.island!;
          if (skip.includes(name)) return [];
          // Compared as nodes, not text: attribute order and quoting do not matter, content does.
          // Empty text nodes (an empty message slot) are invisible either way: normalize() drops them.
          const before = original[index]!.cloneNode(true) as Element;
          const after = island.cloneNode(true) as Element;
          before.normalize();
          after.normalize();
          after.removeAttribute('data-state');
          // A scripted form takes the fields' checks over from the browser (islands/lib/scripted-form.ts).
          for (const form of [...before.querySelectorAll('form'), ...after.querySelectorAll('form')])
            form.removeAttribute('novalidate');
          return after.isEqualNode(before)
            ? []
            : [`${name}:\n  served ${before.innerHTML}\n  now    ${after.innerHTML}`];
        });
      },
      { html: served, skip: [...changesOnPurpose] },
    );
    expect(differences).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a page with a form per vacancy has one toaster, one loader and the header script', async () => {
    const context = await site.browser.newContext(contextOptions(site));
    const { page, problems } = await openPage(context, '/vacatures', { waitFor: ['toaster'] });
    expect(await page.locator('site-island[data-island="job-form"]').count()).toBeGreaterThan(1);
    expect(await page.locator('site-island[data-island="toaster"]').count()).toBe(1);
    const scripts = await page
      .locator('script')
      .evaluateAll((all) =>
        all.map(
          (script) =>
            `${(script as HTMLScriptElement).type} ${new URL((script as HTMLScriptElement).src).pathname.replace(/-\w+\.js$/, '')}`,
        ),
      );
    expect(scripts).toEqual(['module /islands/header', 'module /islands/loader']);
    expect(problems).toEqual([]);
    await context.close();
  });

  // Lighthouse counts every request a page starts before a paint as part of that paint: the login
  // note's paint waited for the island's nine files (performance 99). The paint comes first now.
  test('a `load` island asks for its script once the first paint is on screen (the login page)', async () => {
    const context = await site.browser.newContext(contextOptions(site));
    const { page, problems } = await openPage(context, '/login', { waitFor: ['login'] });
    const [paint, island] = await page.evaluate(() => [
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname.startsWith('/islands/login-'))?.startTime,
    ]);
    expect(paint).toBeGreaterThan(0);
    expect(island).toBeGreaterThanOrEqual(paint!);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a page without islands loads no script at all', async () => {
    const context = await site.browser.newContext(contextOptions(site));
    const scripts: string[] = [];
    context.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    const { page, problems } = await openPage(context, '/staging-login');
    expect(await page.locator('site-island[data-src]').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(0);
    expect(scripts).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test.each([
    { path: '/bestaat/niet-meer', shown: '/bestaat/niet-meer', text: 'Pagina niet gevonden' },
    { path: '/en/does-not-exist', shown: '/en/does-not-exist', text: 'Page Not Found' },
    { path: '/caf%C3%A9-de-baan', shown: '/café-de-baan', text: 'Pagina niet gevonden' },
  ])('404 at $path names the path asked for', async ({ path, shown, text }) => {
    const context = await site.browser.newContext(contextOptions(site));
    const page = await context.newPage();
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await page
      .locator('site-island[data-island="requested-path"][data-state="hydrated"]')
      .waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('code[data-requested-path]').textContent()).toBe(shown);
    expect(await page.locator('.status-page').textContent()).toContain(`${text}: ${shown}`);
    await context.close();
  });
});
