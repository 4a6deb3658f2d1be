/**
 * The site search in a real browser (issue 23), in each language: a word from an article's body
 * finds that article; a word both languages use finds only pages of the language searched in;
 * several words must all be on a page; a query of markup is text; the index (/search/) loads once
 * a visitor searches, only this language's part, and no page but the search page loads any script
 * of the search (the header links to it with a plain link).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { stemmerOf } from '../../shared/search-stem.ts';
import { normalise } from '../../shared/search-words.ts';
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

/**
 * A word of one article's body, in no other article, that is its own stem and the stem of its
 * plural (Dutch -en, English -s), which is in no article: the plural finds that article only by
 * the stem.
 */
async function singularOnly(locale: string): Promise<{ slug: string; singular: string; plural: string }> {
  const stem = await stemmerOf(locale);
  const bodies = await articleBodies(locale);
  const folder = join(root, 'content', locale, 'news');
  const files = await Promise.all([...bodies.keys()].map((slug) => readFile(join(folder, `${slug}.md`), 'utf8')));
  const everything = normalise(files.join(' '));
  for (const [slug, body] of bodies) {
    const others = normalise([...bodies].filter(([other]) => other !== slug).join(' '));
    for (const singular of [...wordsOf(body)].map(normalise)) {
      const plural = locale === 'nl' ? `${singular}en` : `${singular}s`;
      const fits = /^[a-z]+$/.test(singular) && stem(singular) === singular && stem(plural) === singular;
      if (fits && !others.includes(singular) && !everything.includes(plural)) return { slug, singular, plural };
    }
  }
  throw new Error(`no article of ${locale} has a word whose plural is in none`);
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

  /** The search page of `language` in a browser context of its own, and no problem on it once `check` is done. */
  async function onSearchPage(
    language: (typeof languages)[number],
    check: (page: Page) => Promise<void>,
    options: { viewport?: { width: number; height: number } } = {},
  ) {
    const context = await site.browser.newContext({
      ...contextOptions(site, { locale: language.browser }),
      ...options,
    });
    try {
      const { page, problems } = await openPage(context, language.search, { waitFor: ['site-search'] });
      await check(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }

  for (const language of languages) {
    describe(language.locale, () => {
      test('a word from an article body finds that article, and a word both languages use only pages of this one', async () => {
        await onSearchPage(language, async (page) => {
          const { slug, word } = await bodyWord(language.locale);
          const found = await search(page, word);
          expect(found, `searching "${word}"`).toContain(`${language.news}/${slug}`);

          // "tennis" is on nearly every page of both languages: every result is in this one.
          const shared = await search(page, 'tennis');
          expect(shared.length).toBeGreaterThan(3);
          expect(shared.filter(language.other)).toEqual([]);
        });
      });

      test('several words must all be on a page; the words found are marked in the excerpt', async () => {
        await onSearchPage(language, async (page) => {
          const { slug, word } = await bodyWord(language.locale);
          const article = `${language.news}/${slug}`;
          // The article's own word and the beginning of another word of its body (search as you
          // type): the article, and only pages that have both.
          const other = [...wordsOf((await articleBodies(language.locale)).get(slug)!)].find((one) => one !== word)!;
          const alone = await search(page, word);
          const both = await search(page, `${word} ${other.slice(0, 4)}`);
          expect(both).toContain(article);
          expect(both.every((url) => alone.includes(url))).toBe(true);
          expect(await page.locator('.search-results mark').count()).toBeGreaterThan(0);
          // With a word no page has, nothing.
          expect(await search(page, `${word} zzqqxxnowhere`)).toEqual([]);
        });
      });

      test('a plural finds an article that has only the singular, the singular marked', async () => {
        await onSearchPage(language, async (page) => {
          const { slug, singular, plural } = await singularOnly(language.locale);
          const found = await search(page, plural);
          expect(found, `searching "${plural}" ("${singular}")`).toContain(`${language.news}/${slug}`);
          const result = page.locator('.search-results li').nth(found.indexOf(`${language.news}/${slug}`));
          const marked = (await result.locator('mark').allTextContents()).map(normalise);
          const stem = await stemmerOf(language.locale);
          expect(marked.length).toBeGreaterThan(0);
          expect(marked.filter((word) => stem(word) !== stem(plural))).toEqual([]);
        });
      });

      test('a query of markup or regular expression characters is text: nothing is injected, nothing throws', async () => {
        await onSearchPage(language, async (page) => {
          const dialogs: string[] = [];
          page.on('dialog', (dialog) => {
            dialogs.push(dialog.message());
            void dialog.dismiss();
          });
          for (const query of ['<img src=x onerror=alert(1)>', '.*(', '\\', `${'tennis '.repeat(200)}<b>`]) {
            await search(page, query);
            expect(await page.locator('.site-search img, .site-search b, .site-search script').count()).toBe(0);
          }
          expect(await page.locator('.search-status').textContent()).toContain('<b>');
          expect(dialogs).toEqual([]);
        });
      });

      test('at phone width the results fit the screen', async () => {
        await onSearchPage(
          language,
          async (page) => {
            expect((await search(page, 'tennis')).length).toBeGreaterThan(3);
            await expect.poll(() => page.locator('.search-results li').first().isVisible()).toBe(true);
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
          },
          { viewport: { width: 360, height: 740 } },
        );
      });

      test("an article loads nothing of the search; the search page loads this language's index at the first search", async () => {
        const context = await site.browser.newContext(contextOptions(site, { locale: language.browser }));
        try {
          const scripts: string[] = [];
          const searchFiles: string[] = [];
          context.on('request', (request) => {
            const path = new URL(request.url()).pathname;
            if (request.resourceType() === 'script') scripts.push(path);
            if (path.startsWith('/search/')) searchFiles.push(path);
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
          expect(searchFiles, 'the index on an article page').toEqual([]);
          // The way to search is a plain link, not an island.
          expect(await page.locator('a.search-link').count()).toBe(1);
          expect(await page.locator('site-island a.search-link').count()).toBe(0);

          await page.locator('a.search-link').click();
          await page.waitForURL((url) => url.pathname === language.search);
          await page
            .locator('site-island[data-island="site-search"][data-state="hydrated"]')
            .waitFor({ state: 'attached' });
          await page.waitForLoadState('networkidle');
          expect(searchFiles, 'the index before a search').toEqual([]);

          const found = await search(page, 'tennis');
          // Only this language's part of the index: its manifest, the shard of "te", and the
          // records of the results shown, not every page's.
          expect(searchFiles).toContain(`/search/${language.locale}/index.json`);
          expect(searchFiles).toContain(`/search/${language.locale}/terms/te.json`);
          expect(searchFiles.filter((file) => !file.startsWith(`/search/${language.locale}/`))).toEqual([]);
          const records = searchFiles.filter((file) => file.includes('/pages/'));
          expect(records.length).toBeGreaterThan(0);
          expect(records.length).toBeLessThanOrEqual(found.length);
          const all = await readdir(join(site.dist, 'public', 'search', language.locale, 'pages'));
          expect(records.length).toBeLessThan(all.length);
        } finally {
          await context.close();
        }
      });
    });
  }
});
