import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { problem, SiteError } from '../errors/site-error.ts';
import { outputFile } from '../../shared/paths.ts';
import type { PageRoute } from '../routes/types.ts';
import { isListed } from '../../shared/listing.ts';
import type { FolderWriter } from './folder-writer.ts';
import { SearchCache, searchKey } from './search-cache.ts';
import { mergedPart, searchBundles, shardFolders, type SearchablePage } from './search-shards.ts';

export type { SearchablePage };

export interface SearchIndexTotals {
  /** Pages in the index, and the languages it is split into. */
  pages: number;
  languages: string[];
  files: number;
  bytes: number;
  /** Its shards (Pagefind indexes), and the pages Pagefind indexed now (those of the shards an edit changed). */
  shards: number;
  reindexed: number;
  /** Linked from the search cache: no page Pagefind reads changed since an earlier build. */
  cached: boolean;
}

/** Where the index and Pagefind's own script go: /pagefind/pagefind.js, /pagefind/index/... */
export const SEARCH_FOLDER = 'pagefind';
/** Under it, the folders of each language's shards (cli/build/search-shards.ts). */
const SHARD_LIST = 'shards.json';

/**
 * Pages worth finding: each page once at its canonical path (not the /nl copy), only listed
 * pages (no shells, no form results), no status pages, sign-in or sign-up forms, and not the
 * later pages of the news list (their articles are found themselves).
 */
export function searchablePages(pages: readonly PageRoute[]): PageRoute[] {
  const skipped = new Set(['login', 'event-signup', 'search', 'registrations']);
  return pages.filter(
    (page) =>
      isListed(page) &&
      page.alternates &&
      page.entity.kind !== 'status' &&
      page.entity.kind !== 'listing' &&
      !skipped.has(page.route),
  );
}

/** What Pagefind is asked: only <main>, without what every page of its kind repeats. */
const PAGEFIND_OPTIONS = {
  rootSelector: 'main',
  excludeSelectors: ['.crumbs', '.signup-call', '.article-foot', 'form', 'site-island'],
};

/** Pagefind's version, part of the cache key: another Pagefind may make another index. */
async function pagefindVersion(): Promise<string> {
  const manifest = new URL('../package.json', import.meta.resolve('pagefind'));
  return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
}

/**
 * What Pagefind reads of a page: its <html> tag (the language), <title> and <main>. With
 * rootSelector 'main' it reads nothing else, and the header, footer and head are three quarters
 * of a page's bytes: the same index (tests/found/found.test.ts) for a third less of its time.
 */
export function searchInput(html: string): string {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  const opening = /<html[^>]*>/.exec(html)?.[0];
  const title = /<title>[^<]*<\/title>/.exec(html)?.[0] ?? '';
  if (start < 0 || end < start || !opening) return html;
  return `<!doctype html>${opening}<head>${title}</head><body>${html.slice(start, end + '</main>'.length)}</body></html>`;
}

/** A file of the index: its path under /pagefind/ and where it is in the search cache. */
export interface SearchFile {
  path: string;
  source: string;
  bytes: number;
}

export interface SearchIndex {
  files: SearchFile[];
  pages: number;
  languages: string[];
  /** Its bundles (shards), and the pages of those Pagefind indexed now (none: all from the cache). */
  bundles: number;
  remade: number;
  reindexed: number;
}

/**
 * The index of these pages, bundle by bundle (cli/build/search-shards.ts) from the search cache
 * (cli/build/search-cache.ts): Pagefind indexes only the bundles whose pages no earlier build,
 * of this output folder or another, or site dev, indexed as they are now. An edited page costs
 * its shard, not the site.
 */
export async function searchIndex(
  whole: readonly SearchablePage[],
  cacheDir: string,
  options: { remake?: boolean; pagesPerShard?: number } = {},
): Promise<SearchIndex> {
  // (searchInput of its own output is that output: pages the build cut already stay as they are.)
  const pages = whole.map((page) => ({ ...page, content: searchInput(page.content) }));
  const bundles = searchBundles(pages, options.pagesPerShard);
  const shards = JSON.stringify(shardFolders(bundles));
  const cache = new SearchCache(cacheDir);
  const version = await pagefindVersion();
  // The first bundle also carries the list of the others: it is in its name.
  const keys = bundles.map(({ folder, pages }) =>
    searchKey({ version, options: { ...PAGEFIND_OPTIONS, ...(folder ? {} : { shards }) }, pages }),
  );
  const found = await Promise.all(keys.map((key) => (options.remake ? undefined : cache.find(key))));
  const missing = bundles.flatMap((_, at) => (found[at] ? [] : [at]));
  const made = await runPagefindEach(missing.map((at) => bundles[at]!.pages));
  for (const [n, at] of missing.entries()) {
    const index = made[n]!;
    const files = at
      ? index.files.filter((file) => mergedPart(file.path))
      : [...index.files, { path: SHARD_LIST, content: Buffer.from(shards) }];
    found[at] = await cache.store(keys[at]!, { ...index, files }, { replace: options.remake ?? false });
  }
  await cache.prune(bundles.length);
  return {
    files: bundles.flatMap(({ folder }, at) =>
      found[at]!.files.map((file) => ({
        path: `${folder}${file.path}`,
        source: join(cache.entry(keys[at]!), file.path),
        bytes: file.bytes,
      })),
    ),
    pages: pages.length,
    languages: [...new Set(pages.map((page) => page.locale))].sort(),
    bundles: bundles.length,
    remade: missing.length,
    reindexed: missing.reduce((sum, at) => sum + bundles[at]!.pages.length, 0),
  };
}

/**
 * The site search index, built by Pagefind (its binary ships in its npm package: nothing is
 * fetched) from the pages as written. Pagefind splits it by each page's <html lang>, and its
 * script loads only the visitor's language. Only <main> is read, without the breadcrumb and the
 * sign-up call: the header and footer are on every page and would match every search. The files
 * are hard links into the search cache: a build with the same searchable pages runs no Pagefind.
 */
export async function buildSearchIndex(options: {
  /** The build's public/ folder: the pages are read from it, the index written through it. */
  output: FolderWriter;
  pages: readonly PageRoute[];
  cacheDir: string;
}): Promise<SearchIndexTotals> {
  const pages = await Promise.all(
    searchablePages(options.pages).map(async (page) => ({
      url: page.canonical,
      locale: page.locale,
      // Cut to what Pagefind reads at once: thousands of whole pages need not be held at the same time.
      content: searchInput(await readFile(join(options.output.dir, outputFile(page.canonical)), 'utf8')),
    })),
  );
  const target = options.output.under(SEARCH_FOLDER);
  for (let attempt = 1; ; attempt++) {
    const index = await searchIndex(pages, options.cacheDir, { remake: attempt > 1 });
    try {
      await target.publish(index.files);
      return {
        pages: index.pages,
        languages: index.languages,
        files: index.files.length,
        bytes: index.files.reduce((sum, file) => sum + file.bytes, 0),
        shards: index.bundles,
        reindexed: index.reindexed,
        cached: index.remade === 0,
      };
    } catch (error) {
      // Pruned by a build running beside this one between finding and linking: made once more
      // (the writer took out what it had linked).
      if (attempt > 1 || (error as { code?: string }).code !== 'ENOENT') throw error;
    }
  }
}

/** Pagefind over the pages, in memory: the files of the index, by their path under /pagefind/. */
export async function runPagefind(pages: readonly SearchablePage[]) {
  return (await runPagefindEach([pages]))[0]!;
}

/** Pagefind over each list of pages, one index each, all in one Pagefind process. */
async function runPagefindEach(bundles: ReadonlyArray<readonly SearchablePage[]>) {
  if (!bundles.length) return [];
  const pagefind = await import('pagefind');
  const fail = (messages: string[]) =>
    new SiteError(messages.map((message) => problem('SEARCH_INDEX_FAILED', { problem: message })));
  const indexOf = async (pages: readonly SearchablePage[]) => {
    const { index, errors } = await pagefind.createIndex(PAGEFIND_OPTIONS);
    if (!index) throw fail(errors);
    // Sent without waiting for each answer (one round trip to Pagefind's process per page was
    // half its time); Pagefind reads its input in order, so the index is the same.
    const added = await Promise.all(pages.map((page) => index.addHTMLFile({ url: page.url, content: page.content })));
    const refused = added.flatMap((answer) => answer.errors);
    if (refused.length) throw fail(refused);
    const { files, errors: failed } = await index.getFiles();
    if (failed.length) throw fail(failed);
    return { pages: pages.length, languages: [...new Set(pages.map((page) => page.locale))].sort(), files };
  };
  try {
    return await Promise.all(bundles.map(indexOf));
  } catch (error) {
    throw error instanceof SiteError ? error : fail([error instanceof Error ? error.message : String(error)]);
  } finally {
    await pagefind.close();
  }
}
