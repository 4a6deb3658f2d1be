/**
 * The site search in a real browser (issue 23), in each language: a word from an article's body
 * finds that article; a word both languages use finds only pages of the language searched in;
 * Pagefind's script and index load once a visitor searches, and no page but the search page
 * loads any script of the search (the header links to it with a plain link).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserAvailable } from '../helpers/browser.ts';
import { contextOptions, openPage, root, startIslandsSite, type IslandsSite } from '../helpers/islands-site.ts';

const runs = browserAvailable('tests/browser/search.test.ts');

const languages = [
  // A first visit with an English browser is sent to the English site: the Dutch run is Dutch.
  {
    locale: 'nl',
    browser: 'nl-NL',
    search: '/zoeken',
    news: '/nieuws',
    other: (path: string) => path.startsWith('/en'),
  },
  {
    locale: 'en',
    browser: 'en-GB',
    search: '/en/search',
    news: '/en/news',
    other: (path: string) => !path.startsWith('/en'),
  },
] as const;

/** Markdown bodies of a language's articles, by file name (without .md: the article's slug). */
async function articleBodies(locale: string): Promise<Map<string, string>> {
  const folder = join(root, 'content', locale, 'news');
  const bodies = new Map<string, string>();
  for (const name of (await readdir(folder)).filter((file) => file.endsWith('.md')).sort()) {
    const text = await readFile(join(folder, name), 'utf8');
    bodies.set(name.replace(/\.md$/, ''), text.slice(text.indexOf('\n---', 3) + 4));
  }
  return bodies;
}

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/\p{L}{8,}/gu) ?? []);

/** A long word of one article's body that no other article of its language uses: the search must find that article. */
async function bodyWord(locale: string): Promise<{ slug: string; word: string }> {
  const bodies = await articleBodies(locale);
  for (const [slug, body] of bodies) {
    const others = [...bodies].filter(([other]) => other !== slug).map(([, text]) => text.toLowerCase());
    const word = [...wordsOf(body)].find((candidate) => others.every((text) => !text.includes(candidate)));
    if (word) return { slug, word };
  }
  throw new Error(`no article of ${locale} has a word of its own`);
}

/** Types the words into the search page's field; the results once the status names them (or says none were found). */
async function search(page: Page, words: string): Promise<string[]> {
  await page.getByRole('searchbox').fill(words);
  await expect
    .poll(async () => (await page.locator('.search-status').textContent()) ?? '', { timeout: 30_000 })
    .toContain(`“${words}”`);
  return page
    .locator('.search-results li > a')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
}

describe.runIf(runs)('site search in the browser', () => {
  let site: IslandsSite;
  beforeAll(async () => {
    site = await startIslandsSite();
  }, 300_000);
  afterAll(async () => {
    await site?.stop();
  });

  for (const language of languages) {
    describe(language.locale, () => {
      test('a word from an article body finds that article, and a word both languages use only pages of this one', async () => {
        const context = await site.browser.newContext(contextOptions(site, { locale: language.browser }));
        try {
          const { page, problems } = await openPage(context, language.search, { waitFor: ['site-search'] });
          const { slug, word } = await bodyWord(language.locale);
          const found = await search(page, word);
          expect(found, `searching "${word}"`).toContain(`${language.news}/${slug}`);

          // "tennis" is on nearly every page of both languages: every result is in this one.
          const shared = await search(page, 'tennis');
          expect(shared.length).toBeGreaterThan(3);
          expect(shared.filter(language.other)).toEqual([]);
          expect(problems).toEqual([]);
        } finally {
          await context.close();
        }
      });

      test("an article loads nothing of the search; the search page loads Pagefind and this language's index at the first search", async () => {
        const context = await site.browser.newContext(contextOptions(site, { locale: language.browser }));
        try {
          const scripts: string[] = [];
          const searchFiles: string[] = [];
          context.on('request', (request) => {
            const path = new URL(request.url()).pathname;
            if (request.resourceType() === 'script') scripts.push(path);
            if (path.startsWith('/pagefind/')) searchFiles.push(path);
          });
          // An article: a static page, with the header's link to the search page.
          const { slug } = await bodyWord(language.locale);
          const { page } = await openPage(context, `${language.news}/${slug}`);
          await page.waitForLoadState('networkidle');
          // The header's own islands (menu, language) may run; nothing of the search does.
          expect(
            scripts.filter((script) => /site-search/.test(script)),
            'the search island on an article page',
          ).toEqual([]);
          expect(searchFiles, 'Pagefind on an article page').toEqual([]);
          // The way to search is a plain link, not an island.
          expect(await page.locator('a.search-link').count()).toBe(1);
          expect(await page.locator('site-island a.search-link').count()).toBe(0);

          await page.locator('a.search-link').click();
          await page.waitForURL((url) => url.pathname === language.search);
          await page
            .locator('site-island[data-island="site-search"][data-state="hydrated"]')
            .waitFor({ state: 'attached' });
          await page.waitForLoadState('networkidle');
          expect(searchFiles, 'Pagefind before a search').toEqual([]);

          await search(page, 'tennis');
          expect(searchFiles).toContain('/pagefind/pagefind.js');
          // Only this language's part of the index.
          const entry = JSON.parse(
            await readFile(join(site.dist, 'public', 'pagefind', 'pagefind-entry.json'), 'utf8'),
          ) as { languages: Record<string, { hash: string }> };
          const otherLanguage = Object.entries(entry.languages).find(([code]) => code !== language.locale)!;
          expect(searchFiles.some((file) => file.includes(otherLanguage[1].hash))).toBe(false);
        } finally {
          await context.close();
        }
      });
    });
  }
});
