import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { problem, SiteError } from '../errors/site-error.ts';
import { outputFile } from '../routes/paths.ts';
import type { PageRoute } from '../routes/types.ts';
import { SearchCache, searchKey } from './search-cache.ts';

export interface SearchIndexTotals {
  /** Pages in the index, and the languages it is split into. */
  pages: number;
  languages: string[];
  files: number;
  bytes: number;
  /** Linked from the search cache: no page Pagefind reads changed since an earlier build. */
  cached: boolean;
}

/** Where the index and Pagefind's own script go: /pagefind/pagefind.js, /pagefind/index/... */
export const SEARCH_FOLDER = 'pagefind';

/**
 * Pages worth finding: each page once at its canonical path (not the /nl copy), no shells,
 * status pages, sign-in or sign-up forms, and not the later pages of the news list (their
 * articles are found themselves).
 */
export function searchablePages(pages: readonly PageRoute[]): PageRoute[] {
  const skipped = new Set(['login', 'staging-login', 'event-signup', 'search', 'registrations']);
  return pages.filter((page) => !page.shell && page.alternates && page.entity.kind !== 'status' && page.entity.kind !== 'listing' && !skipped.has(page.route));
}

/** What Pagefind is asked: only <main>, without what every page of its kind repeats. */
const PAGEFIND_OPTIONS = { rootSelector: 'main', excludeSelectors: ['.crumbs', '.signup-call', '.article-foot', 'form', 'site-island'] };

/** Pagefind's version, part of the cache key: another Pagefind may make another index. */
async function pagefindVersion(): Promise<string> {
  const manifest = new URL('../package.json', import.meta.resolve('pagefind'));
  return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
}

/**
 * The site search index, built by Pagefind (its binary ships in its npm package: nothing is
 * fetched) from the pages as written. Pagefind splits it by each page's <html lang>, and its
 * script loads only the visitor's language. Only <main> is read, without the breadcrumb and the
 * sign-up call: the header and footer are on every page and would match every search.
 *
 * The index depends on nothing but those pages' bytes, so it is cached by them
 * (cli/build/search-cache.ts): a build whose searchable pages are unchanged runs no Pagefind.
 */
export async function buildSearchIndex(options: { publicDir: string; pages: readonly PageRoute[]; cacheDir: string }): Promise<SearchIndexTotals> {
  const chosen = searchablePages(options.pages);
  const contents = await Promise.all(chosen.map(async (page) => ({ url: page.canonical, locale: page.locale, content: await readFile(join(options.publicDir, outputFile(page.canonical)), 'utf8') })));
  const cache = new SearchCache(options.cacheDir);
  const key = searchKey({ version: await pagefindVersion(), options: PAGEFIND_OPTIONS, pages: contents });
  const target = join(options.publicDir, SEARCH_FOLDER);
  const cached = await cache.publish(key, target);
  if (cached) return { pages: cached.pages, languages: cached.languages, files: cached.files.length, bytes: cached.files.reduce((sum, file) => sum + file.bytes, 0), cached: true };
  const made = await runPagefind(contents);
  await Promise.all(
    made.files.map(async (file) => {
      await mkdir(dirname(join(target, file.path)), { recursive: true });
      await writeFile(join(target, file.path), file.content);
    }),
  );
  await cache.store(key, made);
  return { pages: made.pages, languages: made.languages, files: made.files.length, bytes: made.files.reduce((sum, file) => sum + file.content.byteLength, 0), cached: false };
}

/** Pagefind over the pages, in memory: the files of the index, by their path under /pagefind/. */
async function runPagefind(pages: ReadonlyArray<{ url: string; locale: string; content: string }>) {
  const pagefind = await import('pagefind');
  const fail = (messages: string[]) => new SiteError(messages.map((message) => problem('SEARCH_INDEX_FAILED', { problem: message })));
  try {
    const { index, errors } = await pagefind.createIndex(PAGEFIND_OPTIONS);
    if (!index) throw fail(errors);
    for (const page of pages) {
      const added = await index.addHTMLFile({ url: page.url, content: page.content });
      if (added.errors.length) throw fail(added.errors);
    }
    const { files, errors: failed } = await index.getFiles();
    if (failed.length) throw fail(failed);
    return { pages: pages.length, languages: [...new Set(pages.map((page) => page.locale))].sort(), files };
  } catch (error) {
    throw error instanceof SiteError ? error : fail([error instanceof Error ? error.message : String(error)]);
  } finally {
    await pagefind.close();
  }
}
