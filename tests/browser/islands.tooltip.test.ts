/**
 * Tooltip timing in a real browser (spec §9): hover opens after 700 ms; within 300 ms of a
 * tooltip closing the next opens at once; keyboard focus opens at once; Escape closes. On the
 * club page's sign-up link, in both languages.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable } from '../helpers/browser.ts';
import { contextOptions, openPage, startIslandsSite, type IslandsSite } from '../helpers/islands-site.ts';

const runs = browserAvailable('tests/browser/islands.tooltip.test.ts');

/** Milliseconds from now until the tooltip shows, measured in the page. */
const msUntilShown = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        const tip = document.getElementById('signup-tooltip')!;
        if (!tip.hidden) resolve(0);
        new MutationObserver(() => !tip.hidden && resolve(performance.now() - start)).observe(tip, { attributes: true });
      }),
  );

const cases = [
  { locale: 'nl', path: '/verenigingen/1-ltc-de-kei', link: 'Inschrijven via YourTennis', tip: 'Inschrijven gaat via YourTennis, ons lesplatform (externe website)' },
  { locale: 'en', path: '/en/clubs/1-ltc-de-kei', link: 'Sign up via YourTennis', tip: 'Sign-up goes through YourTennis, our lesson platform (external website)' },
];

describe.skipIf(!runs)('tooltip island', () => {
  let site: IslandsSite;
  beforeAll(async () => {
    site = await startIslandsSite();
  });
  afterAll(() => site?.stop());

  test.each(cases)('$locale: 700 ms to open, 300 ms to skip the wait, focus at once, Escape closes', async ({ path, link, tip }) => {
    const context = await site.browser.newContext(contextOptions(site));
    const { page, problems } = await openPage(context, path);
    const trigger = page.getByRole('link', { name: link });
    await trigger.scrollIntoViewIfNeeded();
    await page.locator('site-island[data-island="tooltip-link"][data-state="hydrated"]').waitFor({ state: 'attached' });
    const tooltip = page.locator('[role="tooltip"]#signup-tooltip');
    expect(await tooltip.textContent()).toBe(tip);
    // Described even while closed, so a screen reader hears it without hovering.
    expect(await trigger.getAttribute('aria-describedby')).toBe('signup-tooltip');
    const box = (await trigger.boundingBox())!;
    const over = () => page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const away = () => page.mouse.move(box.x + box.width / 2, box.y + box.height + 120);

    const first = msUntilShown(page);
    await over();
    const waited = await first;
    expect(waited).toBeGreaterThanOrEqual(650);
    expect(waited).toBeLessThan(1200);

    // Closed and back within 300 ms: no wait.
    await away();
    await expect.poll(() => tooltip.isVisible()).toBe(false);
    const again = msUntilShown(page);
    await over();
    expect(await again).toBeLessThan(200);

    // Closed for longer than 300 ms: the full wait again.
    await away();
    await page.waitForTimeout(450);
    const later = msUntilShown(page);
    await over();
    expect(await later).toBeGreaterThanOrEqual(650);

    // Leaving before 700 ms: it never opens.
    await away();
    await page.waitForTimeout(450);
    await over();
    await page.waitForTimeout(400);
    await away();
    await page.waitForTimeout(500);
    expect(await tooltip.isVisible()).toBe(false);

    // Keyboard: at once; Escape closes.
    await page.mouse.move(0, 0);
    await trigger.focus();
    await expect.poll(() => tooltip.isVisible(), { timeout: 150 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => tooltip.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
