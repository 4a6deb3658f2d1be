/**
 * The header on the real built site (issues 4, 19): HTML and CSS that work without JavaScript (the
 * menu opens and closes, a tap on the backdrop closes it, the language is a plain link), and with
 * its small script, by keyboard, at phone and desktop width, in both languages: open, walk, open a
 * group, Escape back out, close from outside.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, VIEWPORTS } from '../helpers/browser.ts';
import { contextOptions, openPage, startIslandsSite, type IslandsSite } from '../helpers/islands-site.ts';

const runs = browserAvailable('tests/browser/header.test.ts');

/**
 * The expanded state Chromium gives assistive technology (its own accessibility tree, over CDP):
 * a <summary> reports it natively, which Playwright's aria snapshot does not model.
 */
async function expanded(page: Page, selector: string): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
  await cdp.detach();
  const property = nodes[0]?.properties?.find((p) => p.name === 'expanded');
  return property ? Boolean(property.value.value) : undefined;
}

/** What has focus, as a person would name it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element ? `${element.tagName.toLowerCase()}:${element.textContent?.trim()}` : '';
  });

async function tabTo(page: Page, text: string, limit = 40): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    if ((await focused(page)).endsWith(`:${text}`)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${text}" (last: ${await focused(page)})`);
}

const languages = [
  {
    locale: 'nl',
    path: '/kampen',
    menu: 'Menu',
    group: 'Toptennis',
    child: 'Regiotennis',
    childPath: '/regiotennis',
    first: 'Verenigingen',
  },
  {
    locale: 'en',
    path: '/en/camps',
    menu: 'Menu',
    group: 'Talent programmes',
    child: 'Regional tennis',
    childPath: '/en/regional-tennis',
    first: 'Clubs',
  },
];

describe.skipIf(!runs)('header', () => {
  let site: IslandsSite;
  beforeAll(async () => {
    site = await startIslandsSite();
  });
  afterAll(() => site?.stop());

  /** A page at phone width with its header script run (or with JavaScript off), and the main navigation on it. */
  async function onPhone(path: string, { javaScript = true } = {}) {
    const context = await site.browser.newContext(
      contextOptions(site, {
        viewport: VIEWPORTS.phone,
        isMobile: true,
        hasTouch: true,
        javaScriptEnabled: javaScript,
      }),
    );
    const { page, problems } = await openPage(context, path, { waitFor: javaScript ? ['header'] : [] });
    return { context, page, problems, nav: page.locator('nav.main-nav') };
  }

  async function openMenu(page: Page): Promise<void> {
    await page.locator('summary.menu-button').click();
    await expect.poll(() => page.locator('nav.main-nav').isVisible()).toBe(true);
  }

  test.each(languages)(
    'phone, $locale: open, walk, open a group and leave it all by keyboard',
    async ({ path, menu, group, child, childPath, first }) => {
      const { context, page, problems, nav } = await onPhone(path);
      const _button = page.locator('summary.menu-button');
      await expect.poll(() => nav.isVisible()).toBe(false);

      await tabTo(page, menu);
      expect(await expanded(page, 'summary.menu-button')).toBe(false);
      await page.keyboard.press('Enter');
      await expect.poll(() => nav.isVisible()).toBe(true);
      expect(await expanded(page, 'summary.menu-button')).toBe(true);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe(`a:${first}`);

      await tabTo(page, group);
      await page.keyboard.press('Enter');
      const childLink = nav.getByRole('link', { name: child, exact: true });
      await expect.poll(() => childLink.isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe(`a:${child}`);

      // Escape closes the innermost part first, and focus goes back to its button.
      await page.keyboard.press('Escape');
      await expect.poll(() => childLink.isVisible()).toBe(false);
      expect(await focused(page)).toBe(`summary:${group}`);
      await expect.poll(() => nav.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => nav.isVisible()).toBe(false);
      expect(await focused(page)).toBe(`summary:${menu}`);

      // Open again, and follow a link with Enter.
      await page.keyboard.press('Enter');
      await tabTo(page, group);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await Promise.all([page.waitForURL((url) => url.pathname === childPath), page.keyboard.press('Enter')]);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  test('phone: a tap outside the open menu closes it; so does focus leaving it', async () => {
    const { context, page, problems, nav } = await onPhone('/contact');
    await openMenu(page);
    // The open menu lies over the page; below it the page shows, and a tap there is outside.
    const box = (await nav.boundingBox())!;
    await page.mouse.click(box.x + 20, Math.min(box.y + box.height + 40, VIEWPORTS.phone.height - 10));
    await expect.poll(() => nav.isVisible()).toBe(false);

    await openMenu(page);
    await page.locator('.language-link').focus();
    await expect.poll(() => nav.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('phone: an Escape in the same moment a group opens closes it (before its toggle event came)', async () => {
    const { context, page, problems, nav } = await onPhone('/kampen');
    await openMenu(page);
    // One task: the group opens (its toggle event is queued for later) and Escape comes at once.
    await page.evaluate(() => {
      const summary = document.querySelector<HTMLElement>('details.submenu summary')!;
      summary.focus();
      summary.click();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    });
    const group = page.locator('details.submenu').first();
    await page.waitForTimeout(200); // the toggle events have come and gone
    expect(await group.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    expect(await nav.isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('desktop: the links are in view without opening anything; one group open at a time', async () => {
    const context = await site.browser.newContext(contextOptions(site, { viewport: VIEWPORTS.desktop }));
    const { page, problems } = await openPage(context, '/', { waitFor: ['header'] });
    await expect
      .poll(() => page.getByRole('link', { name: 'Verenigingen', exact: true }).first().isVisible())
      .toBe(true);
    const topTennis = page.locator('details.submenu').nth(0);
    const about = page.locator('details.submenu').nth(1);
    await topTennis.locator('summary').click();
    await expect.poll(() => topTennis.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    await about.locator('summary').click();
    await expect.poll(() => about.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    await expect.poll(() => topTennis.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => about.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  test.each(languages)(
    'phone without JavaScript, $locale: the menu opens, shows a close button, and a tap on the backdrop closes it',
    async ({ path, menu, group, child }) => {
      const { context, page, problems, nav } = await onPhone(path, { javaScript: false });
      const button = page.locator('summary.menu-button');
      // The button sits at the right edge, after the language and login links.
      const [buttonBox, languageBox] = await Promise.all([
        button.boundingBox(),
        page.locator('.language-link').boundingBox(),
      ]);
      expect(buttonBox!.x).toBeGreaterThan(languageBox!.x);
      expect(buttonBox!.x + buttonBox!.width).toBeGreaterThan(VIEWPORTS.phone.width - 40);
      expect(await button.getAttribute('aria-label')).toBeNull();
      // Known by its icon; its word is for screen readers.
      expect(
        await button.locator('span').evaluate((element) => element.getBoundingClientRect().width),
      ).toBeLessThanOrEqual(1);
      expect((await button.textContent())?.trim()).toBe(menu);

      await button.click();
      await expect.poll(() => nav.isVisible()).toBe(true);
      // Open: the icon is a cross (the button reports itself expanded).
      expect(await button.locator('svg.when-open').isVisible()).toBe(true);
      expect(await button.locator('svg.when-closed').isVisible()).toBe(false);
      expect(
        await page.evaluate(
          () => getComputedStyle(document.querySelector('summary.menu-button')!, '::before').position,
        ),
      ).toBe('fixed');
      await nav.getByText(group, { exact: true }).click();
      await expect.poll(() => nav.getByRole('link', { name: child, exact: true }).isVisible()).toBe(true);

      // A tap on the darkened page below the panel closes the menu: no script needed.
      const panel = (await nav.boundingBox())!;
      await page.mouse.click(
        VIEWPORTS.phone.width / 2,
        Math.min(panel.y + panel.height + 30, VIEWPORTS.phone.height - 10),
      );
      await expect.poll(() => nav.isVisible()).toBe(false);
      expect(await page.locator('details.menu').evaluate((element) => (element as HTMLDetailsElement).open)).toBe(
        false,
      );
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  test.each([390, 360])(
    'phone %i px, English: the word mark keeps its size and every letter, beside the language code',
    async (width) => {
      const context = await site.browser.newContext(
        contextOptions(site, {
          viewport: { width, height: 800 },
          isMobile: true,
          hasTouch: true,
          javaScriptEnabled: false,
        }),
      );
      const { page, problems } = await openPage(context, '/en/camps');
      const name = page.locator('.brand .logo-name');
      const size = await name.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
      expect(size).toBeGreaterThanOrEqual(16);
      // Nothing clipped: the text is as wide as it needs, and the header row does not overflow.
      expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
      expect(
        await page.evaluate(
          () =>
            document.querySelector('.header-inner')!.scrollWidth <=
            document.querySelector('.header-inner')!.clientWidth,
        ),
      ).toBe(true);
      // A plain link, shown as the language's code and named by the language.
      expect(await page.locator('.language-link .language-short').innerText()).toBe('NL');
      expect(await page.getByRole('link', { name: 'Nederlands', exact: true }).getAttribute('href')).toBe('/kampen');
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  test.each([
    { width: 1240, path: '/' },
    { width: 1240, path: '/en' },
    { width: 1366, path: '/' },
    { width: 1366, path: '/en' },
  ])('wide screen $width px at $path: the whole menu in one row, nothing pushed out', async ({ width, path }) => {
    const context = await site.browser.newContext(
      contextOptions(site, { viewport: { width, height: 800 }, javaScriptEnabled: false }),
    );
    const { page, problems } = await openPage(context, path);
    expect(await page.locator('summary.menu-button').isVisible()).toBe(false);
    expect(
      await page.evaluate(
        () =>
          document.querySelector('.header-inner')!.scrollWidth <= document.querySelector('.header-inner')!.clientWidth,
      ),
    ).toBe(true);
    // One row: every item's middle at the same height (give or take a pixel of rounding).
    const middles = await page
      .locator('.main-nav > ul > li, .language-link, .account-login')
      .evaluateAll((all) =>
        all.map((element) => element.getBoundingClientRect().top + element.getBoundingClientRect().height / 2),
      );
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
