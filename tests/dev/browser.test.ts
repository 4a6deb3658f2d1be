import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalogue } from '../../cli/errors/catalogue.ts';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { copyProject, type ProjectCopy } from './helpers/project.ts';
import { startDev, type DevProcess } from './helpers/dev-process.ts';

/**
 * What an author sees in the browser while editing under `site dev`: the page reloads by itself,
 * an error covers it (with the same words as the terminal) until it is fixed, a stylesheet change
 * applies without a reload, and the page's Content-Security-Policy is never broken by any of it.
 */
const run = browserAvailable('site dev browser');
let project: ProjectCopy;
let dev: DevProcess;
let browser: Browser;
let page: Page;
const violations: string[] = [];

const ARTICLE = 'content/nl/news/1-voorjaarslessen-starten-op-31-maart.md';
const ARTICLE_PATH = '/nieuws/1-voorjaarslessen-starten-op-31-maart';

beforeAll(async () => {
  if (!run) return;
  project = await copyProject();
  [dev, browser] = await Promise.all([startDev(project.root), launchBrowser()]);
  // A Dutch browser: on a first visit the language switch sends an English one to /en.
  page = await (await browser.newContext({ locale: 'nl-NL' })).newPage();
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Refused to: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  await project?.dispose();
});

/** Open a page and wait until its dev client listens. */
async function open(path: string): Promise<void> {
  await page.goto(`${dev.url}${path}`);
  await page.waitForSelector('html[data-site-dev="connected"]', { state: 'attached' });
}

describe.runIf(run)('site dev in the browser', () => {
  test('a saved article reloads the open page', async () => {
    await open(ARTICLE_PATH);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'before the save'));
    await project.write(ARTICLE, `${await project.read(ARTICLE)}\nEen zin die de browser moet laten zien.\n`);
    await page.waitForFunction(() => document.body.innerText.includes('Een zin die de browser moet laten zien.'));
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
  });

  test('an error covers the page with the catalogue text; the fix clears it and shows the new text', async () => {
    await open(ARTICLE_PATH);
    const original = await project.read(ARTICLE);
    await project.write(ARTICLE, original.replace(/^summary: .*$/m, `summary: "${'Veel te lang. '.repeat(20)}"`));
    // The file is written in place: the first look may find it half-written (FRONT_MATTER_MISSING),
    // and the watcher's second look replaces that overlay with the finished file's error.
    const overlay = page.locator('#site-dev-overlay', { hasText: 'CONTENT_SCHEMA_MISMATCH' });
    await overlay.waitFor({ state: 'visible' });
    const text = await overlay.innerText();
    expect(text).toContain('CONTENT_SCHEMA_MISMATCH');
    expect(text).toContain(`${ARTICLE}:6`);
    expect(text).toContain('field: summary');
    expect(text).toContain(
      `hint: ${catalogue.CONTENT_SCHEMA_MISMATCH.hint({ field: 'summary', collection: 'news', problem: '' })}`,
    );
    const box = await overlay.boundingBox();
    expect(box!.width).toBe(page.viewportSize()!.width);
    await project.write(ARTICLE, original.replace(/^summary: .*$/m, 'summary: "Opgelost en korter."'));
    await page.locator('#site-dev-overlay').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.body.innerText.includes('Opgelost en korter.'));
  });

  test('a stylesheet change applies without a reload', async () => {
    await open('/kampen');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'kept'));
    const css = await project.read('templates/styles/base.css');
    await project.write('templates/styles/base.css', `${css}\n:root{--site-dev-test:7}\n`);
    await page.waitForFunction(
      () => getComputedStyle(document.documentElement).getPropertyValue('--site-dev-test').trim() === '7',
    );
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('kept');
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1);
  });

  test('no Content-Security-Policy violation along the way', () => {
    expect(violations).toEqual([]);
  });
});
