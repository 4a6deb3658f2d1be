import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { problem, SiteError } from '../errors/site-error.ts';
import { outputFile } from '../routes/paths.ts';
import type { PageRoute } from '../routes/types.ts';

export interface SearchIndexTotals {
  /** Pages in the index, and the languages it is split into. */
  pages: number;
  languages: string[];
  files: number;
  bytes: number;
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

/**
 * The site search index, built by Pagefind (its binary ships in its npm package: nothing is
 * fetched) from the pages as written. Pagefind splits it by each page's <html lang>, and its
 * script loads only the visitor's language. Only <main> is read, without the breadcrumb and the
 * sign-up call: the header and footer are on every page and would match every search.
 */
export async function buildSearchIndex(publicDir: string, pages: readonly PageRoute[]): Promise<SearchIndexTotals> {
  const pagefind = await import('pagefind');
  const fail = (messages: string[]) => new SiteError(messages.map((message) => problem('SEARCH_INDEX_FAILED', { problem: message })));
  try {
    const { index, errors } = await pagefind.createIndex({ rootSelector: 'main', excludeSelectors: ['.crumbs', '.signup-call', '.article-foot', 'form', 'site-island'] });
    if (!index) throw fail(errors);
    const chosen = searchablePages(pages);
    const languages = new Set<string>();
    for (const page of chosen) {
      const content = await readFile(join(publicDir, outputFile(page.canonical)), 'utf8');
      const added = await index.addHTMLFile({ url: page.canonical, content });
      if (added.errors.length) throw fail(added.errors);
      languages.add(page.locale);
    }
    const written = await index.writeFiles({ outputPath: join(publicDir, SEARCH_FOLDER) });
    if (written.errors.length) throw fail(written.errors);
    const { files } = await index.getFiles();
    return { pages: chosen.length, languages: [...languages].sort(), files: files.length, bytes: files.reduce((sum, file) => sum + file.content.byteLength, 0) };
  } catch (error) {
    throw error instanceof SiteError ? error : fail([error instanceof Error ? error.message : String(error)]);
  } finally {
    await pagefind.close();
  }
}
