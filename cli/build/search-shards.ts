import { createHash } from 'node:crypto';
import type { SearchPage } from './search-pages.ts';

/** One Pagefind index of the site's, in its folder under /pagefind/ ('' is /pagefind/ itself). */
export interface SearchBundle<P extends SearchPage = SearchPage> {
  folder: string;
  pages: P[];
}

/**
 * About how many pages one shard holds. Pagefind's time grows faster than its pages (250 pages
 * 1.1 s, 2,000 pages 13 s here), and a one-page edit re-indexes that page's shard only; each
 * shard costs a search two small requests more (its entry and metadata) and one per word.
 */
export const PAGES_PER_SHARD = 128;
const MOST_SHARDS = 32;

/** The shards of a language of `pages` pages: a power of two, so that growing splits shards rather than reshuffling them. */
export function shardCount(pages: number, perShard = PAGES_PER_SHARD): number {
  let count = 1;
  while (count * 2 <= MOST_SHARDS && count * 2 * perShard <= pages) count *= 2;
  return count;
}

/** A page's shard: by its URL alone, so that an edit, or a page added elsewhere, leaves it where it was. */
export function shardOf(url: string, count: number): number {
  return createHash('sha256').update(url).digest().readUInt32BE(0) % count;
}

/**
 * The site's search index as bundles, each a whole Pagefind index: /pagefind/ holds Pagefind's
 * script and shard 0 of every language (a site of fewer than 2 × PAGES_PER_SHARD pages a
 * language has only that, as it had before shards), /pagefind/<language>/<n>/ shard n of a
 * language. The search merges its language's shards (Pagefind's mergeIndex, islands/lib/pagefind.ts).
 */
export function searchBundles<P extends SearchPage>(
  pages: readonly P[],
  perShard = PAGES_PER_SHARD,
): SearchBundle<P>[] {
  const counts = new Map<string, number>();
  for (const page of pages) counts.set(page.locale, (counts.get(page.locale) ?? 0) + 1);
  const first: P[] = [];
  const shards = new Map<string, P[]>();
  for (const page of pages) {
    const shard = shardOf(page.url, shardCount(counts.get(page.locale)!, perShard));
    if (shard === 0) {
      first.push(page);
      continue;
    }
    const folder = `${page.locale}/${shard}/`;
    shards.set(folder, [...(shards.get(folder) ?? []), page]);
  }
  const rest = [...shards].sort(([a], [b]) => (a < b ? -1 : 1)).map(([folder, list]) => ({ folder, pages: list }));
  return [{ folder: '', pages: first }, ...rest];
}

/** What /pagefind/shards.json says: the folders, under /pagefind/, of each language's other shards. */
export function shardFolders(bundles: readonly SearchBundle[]): Record<string, string[]> {
  const folders: Record<string, string[]> = {};
  for (const page of bundles.flatMap((bundle) => bundle.pages)) folders[page.locale] ??= [];
  for (const { folder, pages } of bundles.slice(1)) folders[pages[0]!.locale]!.push(folder);
  return folders;
}

/** Of a shard's Pagefind files, what a merged index is read from: its entry, metadata, index and fragments (not Pagefind's script, its WebAssembly or its UI). */
export const mergedPart = (path: string): boolean =>
  /^(pagefind-entry\.json|pagefind\.[^/]+\.pf_meta|(index|fragment|filter)\/.+)$/.test(path);
