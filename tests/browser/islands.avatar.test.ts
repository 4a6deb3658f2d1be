/**
 * Avatar fallbacks in a real browser (spec §4): the image; when it fails, before or after the
 * island woke up, the initials of alt; without alt, an icon. The avatar is not yet on a page with
 * images (head trainers have none; the signed-in navigation comes later), so the test serves one
 * page of its own from the site's origin: markup from the same server renderer the build uses,
 * scripts and stylesheet from the real build behind `site serve`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderIsland } from '../../islands/runtime/server.ts';
import { islands } from '../../islands/index.ts';
import type { AvatarProps } from '../../islands/components/Avatar.tsx';
import { browserAvailable } from '../helpers/browser.ts';
import { contextOptions, openPage, startIslandsSite, type IslandsSite } from '../helpers/islands-site.ts';

const runs = browserAvailable('tests/browser/islands.avatar.test.ts');

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

describe.skipIf(!runs)('avatar island', () => {
  let site: IslandsSite;
  let image: string;
  let css: string;
  beforeAll(async () => {
    site = await startIslandsSite();
    image = `/images/${(await readdir(join(site.dist, 'public', 'images'))).find((name) => name.endsWith('.webp'))}`;
    css = /<link rel="stylesheet" href="([^"]+)"/.exec(
      await readFile(join(site.dist, 'public', 'kampen.html'), 'utf8'),
    )![1]!;
  });
  afterAll(() => site?.stop());

  /** A page of avatars as Island.tsx would write them, hydrated by the real loader. */
  function harness(avatars: Array<{ id: string; props: AvatarProps }>): string {
    const boundaries = avatars.map(
      ({ id, props }) =>
        `<p id="${id}"><site-island data-island="avatar" data-src="${site.manifest.avatar}" data-load="load" data-props="${escapeAttribute(JSON.stringify(props))}">${renderIsland(islands.avatar, props)}</site-island></p>`,
    );
    return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Avatars</title><link rel="stylesheet" href="${css}"></head><body><main>${boundaries.join('')}</main><script type="module" src="${site.manifest.loader}"></script></body></html>`;
  }

  test('image, initials, text, icon; sizes in px', async () => {
    const context = await site.browser.newContext(contextOptions(site));
    const cases = [
      { id: 'loads', props: { src: image, alt: 'Sanne de Wit', size: '3xl' } },
      { id: 'fails', props: { src: '/images/does-not-exist.webp', alt: 'Sanne de Wit', size: 'lg' } },
      { id: 'late', props: { src: '/images/slow-and-missing.webp', alt: 'Ruben Kok' } },
      { id: 'text', props: { src: '/images/does-not-exist.webp', alt: 'Sanne de Wit', text: 'BT', size: 'xs' } },
      { id: 'icon', props: { src: '/images/does-not-exist.webp', size: '3xs' } },
    ] satisfies Array<{ id: string; props: AvatarProps }>;
    await context.route('**/avatars', (route) => route.fulfill({ contentType: 'text/html', body: harness(cases) }));
    // An image that fails only after the island is up: the onError path, not the check on start.
    await context.route('**/images/slow-and-missing.webp', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const { page, problems } = await openPage(context, '/avatars', { waitFor: ['avatar'] });
    await page
      .locator('site-island[data-state="hydrated"]')
      .nth(cases.length - 1)
      .waitFor({ state: 'attached' });
    const shown = (id: string) => page.locator(`#${id} .avatar`).getAttribute('data-avatar');
    const size = (id: string) => page.locator(`#${id} .avatar`).evaluate((el) => el.getBoundingClientRect().width);

    await expect.poll(() => shown('loads')).toBe('image');
    expect(await page.locator('#loads img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(
      0,
    );
    expect(await size('loads')).toBe(48);

    await expect.poll(() => shown('fails')).toBe('text');
    expect(await page.locator('#fails .avatar').textContent()).toBe('SD');
    expect(await page.getByRole('img', { name: 'Sanne de Wit' }).count()).toBe(3);
    expect(await size('fails')).toBe(36);

    await expect.poll(() => shown('late'), { timeout: 5000 }).toBe('text');
    expect(await page.locator('#late .avatar').textContent()).toBe('RK');
    expect(await size('late')).toBe(32);

    await expect.poll(() => shown('text')).toBe('text');
    expect(await page.locator('#text .avatar').textContent()).toBe('BT');

    await expect.poll(() => shown('icon')).toBe('icon');
    expect(await page.locator('#icon .avatar svg').count()).toBe(1);
    expect(await size('icon')).toBe(16);

    // Chromium reports each missing image; those are what this test is about.
    expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
    await context.close();
  });

  test('a club page shows its head trainers as initials, without any avatar script', async () => {
    const context = await site.browser.newContext(contextOptions(site));
    const scripts: string[] = [];
    context.on(
      'request',
      (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname),
    );
    const { page, problems } = await openPage(context, '/verenigingen/1-ltc-de-kei', { waitFor: ['signup-window'] });
    expect(await page.locator('.trainers .avatar').allTextContents()).toEqual(['SD', 'RK']);
    expect(await page.getByRole('img', { name: 'Sanne de Wit' }).count()).toBe(1);
    expect(scripts.some((path) => path.startsWith('/islands/avatar-'))).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
