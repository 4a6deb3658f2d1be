import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { PageRoute } from '../routes/types.ts';
import { isListed } from '../../shared/listing.ts';
import type { FolderWriter } from './folder-writer.ts';
import { createLimiter } from '../images/pool.ts';
import { PAGES_MEMO, SearchCache, searchKey, type SearchIndexFiles } from './search-cache.ts';
import { PagesOnDisk, type SearchablePage, type SearchSource } from './search-pages.ts';
import { PagefindService } from './search-service.ts';
import { mergedPart, searchBundles, shardFolders } from './search-shards.ts';

export { pagesInMemory, searchInput, type SearchablePage } from './search-pages.ts';

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
/** Bundles a Pagefind process may have in flight: the one it indexes and one waiting behind it. */
const BUNDLES_AHEAD = 2;
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
 * its shard, not the site. A bundle is handed to Pagefind as soon as its key is known, so that
 * reading the next bundle's pages and Pagefind's work on this one overlap, but only a few at a
 * time (BUNDLES_AHEAD a process).
 */
export async function searchIndex(
  source: SearchSource,
  cacheDir: string,
  options: { remake?: boolean; pagesPerShard?: number; processes?: number } = {},
): Promise<SearchIndex> {
  const bundles = searchBundles(source.pages, options.pagesPerShard);
  const shards = JSON.stringify(shardFolders(bundles));
  const cache = new SearchCache(cacheDir);
  const version = await pagefindVersion();
  const pagefind = new PagefindService(PAGEFIND_OPTIONS, options.processes);
  const keys: string[] = [];
  let remade = 0;
  let reindexed = 0;
  // A bundle's pages are read (for its key) only when Pagefind has room for them: handed out all
  // at once, every page's search input and its message queued on Pagefind's stdin were the peak
  // memory of a build (about 200 MB at 4,000 sources). Each process still has a bundle waiting
  // behind the one it indexes.
  const limited = createLimiter(pagefind.most * BUNDLES_AHEAD);
  let failure: unknown;
  try {
    const made = bundles.map(({ folder, pages }, at) =>
      limited(async (): Promise<SearchIndexFiles> => {
        if (failure !== undefined) throw failure; // a bundle failed: no other is begun
        // The first bundle also carries the list of the others: it is in its name.
        const key = searchKey({
          version,
          options: { ...PAGEFIND_OPTIONS, ...(folder ? {} : { shards }) },
          pages: pages.map((page) => ({ url: page.url, digest: source.digest(page) })),
        });
        keys[at] = key;
        const found = options.remake ? undefined : await cache.find(key);
        if (found) return found;
        remade += 1;
        reindexed += pages.length;
        const languages = [...new Set(pages.map((page) => page.locale))].sort();
        return cache.store(
          key,
          { pages: pages.length, languages },
          (folder) => pagefind.index(pages, (page) => source.input(page), folder),
          at
            ? { keep: mergedPart, replace: options.remake ?? false }
            : { extra: [{ path: SHARD_LIST, content: shards }], replace: options.remake ?? false },
        );
      }).catch((error: unknown) => {
        failure ??= error;
        throw error;
      }),
    );
    const found = await Promise.all(made);
    await cache.prune(bundles.length);
    return {
      files: bundles.flatMap(({ folder }, at) =>
        found[at]!.files.map((file) => ({
          path: `${folder}${file.path}`,
          source: join(cache.entry(keys[at]!), file.path),
          bytes: file.bytes,
        })),
      ),
      pages: source.pages.length,
      languages: [...new Set(source.pages.map((page) => page.locale))].sort(),
      bundles: bundles.length,
      remade,
      reindexed,
    };
  } finally {
    pagefind.close();
  }
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
  const pages = searchablePages(options.pages).map((page) => ({ url: page.canonical, locale: page.locale }));
  const source = await PagesOnDisk.open(pages, options.output.dir, join(options.cacheDir, PAGES_MEMO));
  const target = options.output.under(SEARCH_FOLDER);
  for (let attempt = 1; ; attempt++) {
    const index = await searchIndex(source, options.cacheDir, { remake: attempt > 1 });
    try {
      await target.publish(index.files);
      await source.save();
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

/** Pagefind over the pages, in a folder of its own: the files of the index, by their path under /pagefind/. */
export async function runPagefind(
  pages: readonly SearchablePage[],
): Promise<{ files: Array<{ path: string; content: Buffer }> }> {
  const folder = await mkdtemp(join(tmpdir(), 'site-pagefind-'));
  const pagefind = new PagefindService(PAGEFIND_OPTIONS, 1);
  try {
    await pagefind.index(pages, (page) => page.content, folder);
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    const paths = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
    return {
      files: await Promise.all(
        paths.map(async (path) => ({ path: relative(folder, path), content: await readFile(path) })),
      ),
    };
  } finally {
    pagefind.close();
    await rm(folder, { recursive: true, force: true });
  }
}
