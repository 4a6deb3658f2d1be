/**
 * The language link and first-visit detection on the real built site (issues 4, 19: the header's
 * own script, no island): the cookie is
 * written for 365 days on path /, a first visit follows the browser's language once, explicit
 * /nl and /en addresses are left alone.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Cookie } from 'playwright-core';
import { browserAvailable } from '../helpers/browser.ts';
import {
  aliveSelector,
  contextOptions,
  openPage,
  startIslandsSite,
  type IslandsSite,
} from '../helpers/islands-site.ts';

const runs = browserAvailable('tests/browser/islands.language.test.ts');
const YEAR = 365 * 24 * 60 * 60;

const languageCookie = async (context: BrowserContext): Promise<Cookie | undefined> =>
  (await context.cookies()).find((cookie) => cookie.name === 'i18n_redirected');

describe.skipIf(!runs)('language link', () => {
  let site: IslandsSite;
  beforeAll(async () => {
    site = await startIslandsSite();
  });
  afterAll(() => site?.stop());

  const fresh = (locale: string) => site.browser.newContext(contextOptions(site, { locale }));

  test.each([
    { from: '/kampen', to: '/en/camps', remembered: 'en', browser: 'nl-NL' },
    { from: '/en/camps', to: '/kampen', remembered: 'nl', browser: 'en-GB' },
    { from: '/verenigingen/1-ltc-de-kei', to: '/en/clubs/1-ltc-de-kei', remembered: 'en', browser: 'nl-NL' },
    { from: '/en/contact', to: '/contact', remembered: 'nl', browser: 'en-US' },
  ])('$from -> $to remembers $remembered for a year on path /', async ({ from, to, remembered, browser }) => {
    const context = await fresh(browser);
    const { page, problems } = await openPage(context, from, { waitFor: ['header'] });
    const before = Date.now() / 1000;
    await Promise.all([page.waitForURL((url) => url.pathname === to), page.locator('[data-language-switch]').click()]);
    const cookie = await languageCookie(context);
    expect(cookie?.value).toBe(remembered);
    expect(cookie?.path).toBe('/');
    expect(cookie!.expires - before).toBeGreaterThan(YEAR - 60);
    expect(cookie!.expires - before).toBeLessThan(YEAR + 60);
    expect(await page.locator('html').getAttribute('lang')).toBe(remembered);
    expect(problems).toEqual([]);
    await context.close();
  });

  test.each([
    { browser: 'en-GB', path: '/', lands: '/en', remembered: 'en' },
    { browser: 'en-US', path: '/kampen', lands: '/en/camps', remembered: 'en' },
    { browser: 'nl-NL', path: '/', lands: '/', remembered: 'nl' },
    { browser: 'de-DE', path: '/vacatures', lands: '/vacatures', remembered: 'nl' },
  ])('first visit with a $browser browser at $path lands on $lands', async ({ browser, path, lands, remembered }) => {
    const context = await fresh(browser);
    const { page, problems } = await openPage(context, path);
    await page.waitForURL((url) => url.pathname === lands);
    await expect.poll(async () => (await languageCookie(context))?.value).toBe(remembered);
    // Once: the next visit to a Dutch address is not redirected by the browser language again.
    if (remembered === 'en') {
      await context.addCookies([{ name: 'i18n_redirected', value: 'nl', url: site.url }]);
      await page.goto(path);
      await page.locator(aliveSelector('header')).waitFor({ state: 'attached' });
      expect(new URL(page.url()).pathname).toBe(path);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a remembered language takes the visitor from a Dutch default address to its English page', async () => {
    const context = await fresh('nl-NL');
    await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: site.url }]);
    const { page } = await openPage(context, '/over-ons');
    await page.waitForURL((url) => url.pathname === '/en/about-us');
    await context.close();
  });

  test('an explicit /nl or /en address is never redirected and records nothing', async () => {
    const context = await fresh('en-GB');
    const { page, problems } = await openPage(context, '/nl/kampen', { waitFor: ['header'] });
    expect(new URL(page.url()).pathname).toBe('/nl/kampen');
    expect(await languageCookie(context)).toBeUndefined();
    expect(problems).toEqual([]);
    await context.close();
  });
});
