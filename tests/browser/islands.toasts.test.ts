/**
 * The toast rules of spec §4, §5 and §9 in a real browser, on a real page with a toaster
 * (issue 4): five at most, Escape, swipe, pause on hover and focus, F8, removal after closing,
 * and validation errors a developer can read. Toasts are pushed through the public event API.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserAvailable } from '../helpers/browser.ts';
import { contextOptions, openPage, startIslandsSite, type IslandsSite } from '../helpers/islands-site.ts';

const runs = browserAvailable('tests/browser/islands.toasts.test.ts');

const push = (page: Page, detail: Record<string, unknown>) =>
  page.evaluate((toast) => document.dispatchEvent(new CustomEvent('site:toast', { detail: toast })), detail);
const open = (page: Page) => page.locator('.toast[data-state="open"] .toast-title').allTextContents();
const all = (page: Page) => page.locator('.toast').count();

describe.skipIf(!runs)('toaster island', () => {
  let site: IslandsSite;
  let context: BrowserContext;
  beforeAll(async () => {
    site = await startIslandsSite();
    context = await site.browser.newContext(contextOptions(site));
  });
  afterAll(async () => {
    await context?.close();
    await site?.stop();
  });

  async function contactPage(locale: 'nl' | 'en' = 'nl') {
    const opened = await openPage(context, locale === 'nl' ? '/contact' : '/en/contact', { waitFor: ['toaster'] });
    // Keep the pointer away from the toasts unless a test moves it there.
    await opened.page.mouse.move(5, 5);
    return opened;
  }

  test.each([
    { locale: 'nl', label: 'Meldingen (F8)' },
    { locale: 'en', label: 'Notifications (F8)' },
  ] as const)('$locale: the region sits bottom right, named with its hotkey', async ({ locale, label }) => {
    const { page, problems } = await contactPage(locale);
    const region = page.getByRole('region', { name: label });
    await push(page, { title: 'Hallo' });
    const box = (await region.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x + box.width).toBeCloseTo(viewport.width, 0);
    expect(box.y + box.height).toBeCloseTo(viewport.height, 0);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('five at most: the newest stay', async () => {
    const { page, problems } = await contactPage();
    for (let n = 1; n <= 7; n += 1) await push(page, { title: `Bericht ${n}` });
    await expect.poll(() => open(page)).toEqual(['Bericht 3', 'Bericht 4', 'Bericht 5', 'Bericht 6', 'Bericht 7']);
    // The two pushed out are removed 200 ms after closing.
    await expect.poll(() => all(page)).toBe(5);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a toast closes by itself after its duration and is gone 200 ms later', async () => {
    // A context of its own, whose clock stands still and moves only when told: wall-clock timings
    // measured on a busy machine had the browser stall for 100 ms between closing and the test seeing it.
    const still = await site.browser.newContext(contextOptions(site));
    const { page, problems } = await openPage(still, '/contact', { waitFor: ['toaster'] });
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    const state = () =>
      page.locator('.toast').evaluateAll((toasts) => toasts.map((toast) => toast.getAttribute('data-state')));
    await push(page, { title: 'Kort', duration: 800 });
    await expect.poll(state).toEqual(['open']);
    await page.clock.runFor(799);
    expect(await state()).toEqual(['open']);
    await page.clock.runFor(1);
    await expect.poll(state).toEqual(['closed']);
    await page.clock.runFor(199);
    expect(await state()).toEqual(['closed']);
    await page.clock.runFor(1);
    await expect.poll(state).toEqual([]);
    expect(problems).toEqual([]);
    await still.close();
  });

  test('Escape closes the newest, or the one holding focus', async () => {
    const { page, problems } = await contactPage();
    for (const title of ['Een', 'Twee', 'Drie']) await push(page, { title, duration: 60_000 });
    await expect.poll(() => open(page)).toEqual(['Een', 'Twee', 'Drie']);
    await page.keyboard.press('Escape');
    await expect.poll(() => open(page)).toEqual(['Een', 'Twee']);
    await page.locator('.toast', { hasText: 'Een' }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => open(page)).toEqual(['Twee']);
    // Focus does not fall to <body> when its toast goes: it stays in the region.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('toaster');
    expect(problems).toEqual([]);
    await page.close();
  });

  test('the close button closes it', async () => {
    const { page, problems } = await contactPage();
    await push(page, { title: 'Sluit mij', duration: 60_000 });
    await page.getByRole('button', { name: 'Sluiten' }).last().click();
    await expect.poll(() => open(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a swipe right of 50 px or more closes it; a shorter one springs back', async () => {
    const { page, problems } = await contactPage();
    await push(page, { title: 'Veeg mij', duration: 60_000 });
    const toast = page.locator('.toast', { hasText: 'Veeg mij' });
    const swipe = async (distance: number) => {
      const box = (await toast.boundingBox())!;
      const y = box.y + box.height / 2;
      const x = box.x + 30;
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let step = 1; step <= 5; step += 1) await page.mouse.move(x + (distance * step) / 5, y);
      await page.mouse.up();
      await page.mouse.move(5, 5);
    };
    await swipe(30);
    await page.waitForTimeout(250);
    expect(await open(page)).toEqual(['Veeg mij']);
    expect(await toast.evaluate((el) => getComputedStyle(el).getPropertyValue('--swipe-x').trim())).toBe('0px');
    await swipe(-120);
    expect(await open(page)).toEqual(['Veeg mij']);
    await swipe(60);
    await expect.poll(() => open(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('the timer waits while the pointer is on the toasts, and runs out after it leaves', async () => {
    const { page, problems } = await contactPage();
    await push(page, { title: 'Blijf even', duration: 1000 });
    await page.locator('.toast', { hasText: 'Blijf even' }).hover();
    await page.waitForTimeout(1600);
    expect(await open(page)).toEqual(['Blijf even']);
    await page.mouse.move(5, 5);
    await expect.poll(() => open(page), { timeout: 2500 }).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('F8 moves focus to the region, which pauses the timers too', async () => {
    const { page, problems } = await contactPage();
    await push(page, { title: 'Lees mij', duration: 1000 });
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Meldingen (F8)');
    await page.waitForTimeout(1500);
    expect(await open(page)).toEqual(['Lees mij']);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('toast'))).toBe(true);
    await page.locator('h1').first().click();
    await expect.poll(() => open(page), { timeout: 2500 }).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('foreground toasts are announced at once, background ones politely', async () => {
    const { page } = await contactPage();
    await push(page, { title: 'Verzonden', type: 'foreground' });
    await push(page, { title: 'Bijgewerkt', type: 'background', description: 'Op de achtergrond' });
    await expect.poll(() => page.locator('.toaster [aria-live="assertive"]').textContent()).toBe('Verzonden');
    await expect
      .poll(() => page.locator('.toaster [aria-live="polite"]').textContent())
      .toBe('Bijgewerkt. Op de achtergrond');
    await page.close();
  });

  test.each([
    [{ title: '  ' }, 'A toast needs a title that is not blank.'],
    [{ title: 'Hm', type: 'loud' }, 'A toast\'s type must be "foreground" or "background", received "loud".'],
    [
      { title: 'Hm', action: { label: 'Ongedaan maken', altText: '' } },
      'The toast action "Ongedaan maken" needs altText',
    ],
  ])('%o is refused with a clear error', async (detail, error) => {
    const { page, problems } = await contactPage();
    await push(page, detail);
    await expect.poll(() => problems.join('\n')).toContain(error);
    expect(await all(page)).toBe(0);
    await page.close();
  });
});
