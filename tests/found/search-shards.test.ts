/**
 * The search index in shards (issue 21): an edited page costs Pagefind its shard only, the other
 * shards are linked from the cache as they were, the index is the one a cold build makes, and in a
 * real browser the merged shards find the edited page by its new words and not its old ones.
 * Small pages and two pages a shard: the same code as a site's thousands, in seconds.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type Server } from 'node:http';
import { link, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { pagesInMemory, searchIndex, type SearchablePage, type SearchIndex } from '../../cli/build/search-index.ts';
import { PagesOnDisk } from '../../cli/build/search-pages.ts';
import { searchBundles, shardCount, shardOf } from '../../cli/build/search-shards.ts';
import { SiteError } from '../../cli/errors/site-error.ts';
import { outputFile } from '../../shared/paths.ts';
import { FolderWriter } from '../../cli/build/folder-writer.ts';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { root } from '../helpers/islands-site.ts';

const PER_SHARD = 2;
// Words of letters only, one of its own for each page: Pagefind splits words at digits.
const word = (n: number) => `woord${[...n.toString(4)].map((digit) => 'klmn'[Number(digit)]).join('')}x`;
const page = (locale: string, n: number, words = word(n)): SearchablePage => ({
  url: `${locale === 'en' ? '/en' : ''}/news/${n}`,
  locale,
  content: `<!doctype html><html lang="${locale}"><head><title>Page ${n}</title></head><body><header>menu</header><main><h1>Page ${n}</h1><p>${words} tennisbaan</p></main></body></html>`,
});
const dutch = Array.from({ length: 10 }, (_, n) => page('nl', n));
const english = Array.from({ length: 6 }, (_, n) => page('en', 100 + n));
const before = [...dutch, ...english];
// A Dutch page outside /pagefind/ itself: found only when the island merges its shard.
const edited = dutch.find((candidate) => shardOf(candidate.url, shardCount(dutch.length, PER_SHARD)) !== 0)!;
const editedNumber = Number(edited.url.split('/').pop());
const bundleCount = searchBundles(before, PER_SHARD).length;
const after = before.map((one) => (one === edited ? page('nl', editedNumber, 'nieuwwoordx') : one));

describe('shards', () => {
  test.each([
    [0, 1],
    [255, 1],
    [256, 2],
    [600, 4],
    [2_050, 16],
    [1_000_000, 32],
  ])('%i pages of a language: %i shards of at most 128 pages each (but 32 at most)', (pages, shards) => {
    expect(shardCount(pages)).toBe(shards);
  });

  test("each page is in one bundle, of its language; /pagefind/ holds every language's shard 0", () => {
    const bundles = searchBundles(before, PER_SHARD);
    expect(bundles.flatMap((bundle) => bundle.pages).sort((a, b) => a.url.localeCompare(b.url))).toEqual(
      [...before].sort((a, b) => a.url.localeCompare(b.url)),
    );
    const folderOf = (one: SearchablePage) => {
      const shard = shardOf(one.url, shardCount(one.locale === 'nl' ? dutch.length : english.length, PER_SHARD));
      return shard ? `${one.locale}/${shard}/` : '';
    };
    for (const { folder, pages } of bundles) expect(pages.map(folderOf)).toEqual(pages.map(() => folder));
    expect(bundles[0]!.folder).toBe('');
    expect(new Set(bundles[0]!.pages.map((one) => one.locale))).toEqual(new Set(['nl', 'en']));
    for (const { folder, pages } of bundles.slice(1))
      expect(pages.every((one) => folder.startsWith(one.locale))).toBe(true);
    // A page added elsewhere leaves the others where they were (until the language doubles).
    const more = searchBundles([...before, page('nl', 10)], PER_SHARD);
    for (const { folder, pages } of bundles)
      expect(more.find((bundle) => bundle.folder === folder)!.pages).toEqual(expect.arrayContaining(pages));
  });
});

/** An index's files and their bytes, by path. */
const bytes = async (index: SearchIndex) =>
  Object.fromEntries(
    await Promise.all(index.files.map(async (file) => [file.path, (await readFile(file.source)).toString('base64')])),
  );

let tmp: string;
let first: SearchIndex;
let second: SearchIndex;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'site-shards-'));
  first = await searchIndex(pagesInMemory(before), join(tmp, 'cache'), { pagesPerShard: PER_SHARD });
  second = await searchIndex(pagesInMemory(after), join(tmp, 'cache'), { pagesPerShard: PER_SHARD });
}, 60_000);
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('an edit re-indexes its shard only', () => {
  test('Pagefind indexed every shard the first time, then only the edited page’s; the others are reused', () => {
    expect(bundleCount).toBeGreaterThan(2);
    expect(first).toMatchObject({
      bundles: bundleCount,
      remade: bundleCount,
      reindexed: before.length,
      pages: before.length,
    });
    const shard = searchBundles(after, PER_SHARD).find((bundle) => bundle.pages.some((one) => one.url === edited.url))!;
    expect(second).toMatchObject({ bundles: bundleCount, remade: 1, reindexed: shard.pages.length });
    const outside = (index: SearchIndex) =>
      index.files.filter((file) => !file.path.startsWith(shard.folder) && file.path !== 'shards.json');
    // The very files of the cache, not made again.
    expect(outside(second)).toEqual(outside(first));
  });

  test('the same files as a cold build of the edited pages', async () => {
    const cold = await searchIndex(pagesInMemory(after), join(tmp, 'cold'), { pagesPerShard: PER_SHARD });
    expect(cold.remade).toBe(bundleCount);
    expect(await bytes(cold)).toEqual(await bytes(second));
  });
});

describe.runIf(browserAvailable('tests/found/search-shards.test.ts'))('in the browser', () => {
  let server: Server;
  let browser: Browser;
  let origin: string;
  beforeAll(async () => {
    const site = new FolderWriter(join(tmp, 'site'));
    await site.under('pagefind').publish(second.files);
    // The island's own loader, as esbuild bundles it for the site.
    const bundled = await build({
      stdin: {
        contents: `import { loadPagefind } from './islands/lib/pagefind.ts';
          window.searchFor = async (words) => Promise.all(((await (await loadPagefind()).search(words))?.results ?? []).map(async (hit) => (await hit.data()).url));`,
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      write: false,
    });
    await site.write('search.js', bundled.outputFiles[0]!.contents);
    await site.write(
      'index.html',
      '<!doctype html><html lang="nl"><head><script type="module" src="/search.js"></script></head><body></body></html>',
    );
    server = createServer(async (request, response) => {
      const path = new URL(request.url!, 'http://x').pathname;
      const file = await readFile(join(site.dir, path === '/' ? 'index.html' : path)).catch(() => undefined);
      const type = { '.js': 'text/javascript', '.html': 'text/html', '.json': 'application/json' }[
        extname(path) || '.html'
      ];
      response.writeHead(file ? 200 : 404, { 'content-type': type ?? 'application/octet-stream' }).end(file);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  test('the edited page is found by its new words, not its old ones; every shard of the language is searched, no other language', async () => {
    const tab = await browser.newPage();
    await tab.goto(origin);
    await tab.waitForFunction(() => 'searchFor' in window);
    const search = (words: string) =>
      tab.evaluate(
        (asked) => (window as unknown as { searchFor(w: string): Promise<string[]> }).searchFor(asked),
        words,
      );
    expect(await search('nieuwwoordx')).toEqual([edited.url]);
    expect(await search(word(editedNumber))).toEqual([]);
    for (const other of dutch.filter((one) => one !== edited))
      expect(await search(word(Number(other.url.split('/').pop())))).toEqual([other.url]);
    expect((await search('tennisbaan')).sort()).toEqual(dutch.map((one) => one.url).sort());
    expect(await search(word(100))).toEqual([]);
  }, 60_000);
});

describe('Pagefind processes', () => {
  test('shards spread over three Pagefind processes make the same files as one process', async () => {
    const options = { pagesPerShard: PER_SHARD, remake: true };
    const one = await searchIndex(pagesInMemory(before), join(tmp, 'one'), { ...options, processes: 1 });
    const three = await searchIndex(pagesInMemory(before), join(tmp, 'three'), { ...options, processes: 3 });
    expect(await bytes(three)).toEqual(await bytes(one));
  });

  test.each([
    ['missing', join('no', 'such', 'pagefind')],
    ['stops at once', '/bin/false'],
  ])('a Pagefind binary that is %s fails the index with SEARCH_INDEX_FAILED, not a hang', async (_, binary) => {
    const saved = process.env.PAGEFIND_EXTENDED_BINARY_PATH;
    process.env.PAGEFIND_EXTENDED_BINARY_PATH = binary;
    try {
      const failed = await searchIndex(pagesInMemory(before), join(tmp, 'broken'), {
        pagesPerShard: PER_SHARD,
        remake: true,
      }).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(SiteError);
      expect((failed as SiteError).problems[0]!.code).toBe('SEARCH_INDEX_FAILED');
    } finally {
      if (saved === undefined) delete process.env.PAGEFIND_EXTENDED_BINARY_PATH;
      else process.env.PAGEFIND_EXTENDED_BINARY_PATH = saved;
    }
  });
});

describe("a build's pages on disk", () => {
  // Two builds' public/ folders: the second links every page from the first but the edited one.
  const folder = (name: string) => join(tmp, name);
  const write = async (dir: string, pages: readonly SearchablePage[]) => {
    for (const one of pages) {
      await mkdir(dirname(join(dir, outputFile(one.url))), { recursive: true });
      await writeFile(join(dir, outputFile(one.url)), one.content);
    }
  };

  test('the next build reads only its rewritten page and the other pages of its shard, and indexes as from scratch', async () => {
    const memo = join(tmp, 'disk-cache', 'pages.json');
    const cache = join(tmp, 'disk-cache');
    await write(folder('build-1'), before);
    const firstBuild = await PagesOnDisk.open(before, folder('build-1'), memo);
    await searchIndex(firstBuild, cache, { pagesPerShard: PER_SHARD });
    await firstBuild.save();
    expect(firstBuild.reads).toBe(before.length);

    for (const one of before.filter((candidate) => candidate !== edited)) {
      await mkdir(dirname(join(folder('build-2'), outputFile(one.url))), { recursive: true });
      await link(join(folder('build-1'), outputFile(one.url)), join(folder('build-2'), outputFile(one.url)));
    }
    await write(folder('build-2'), [after.find((one) => one.url === edited.url)!]);
    const secondBuild = await PagesOnDisk.open(after, folder('build-2'), memo);
    const index = await searchIndex(secondBuild, cache, { pagesPerShard: PER_SHARD });
    const shard = searchBundles(after, PER_SHARD).find((bundle) => bundle.pages.some((one) => one.url === edited.url))!;
    expect(index).toMatchObject({ remade: 1, reindexed: shard.pages.length });
    expect(secondBuild.reads).toBe(shard.pages.length);
    expect(await bytes(index)).toEqual(await bytes(second));
  });
});
