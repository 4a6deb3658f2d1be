import { rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Cache entries earlier versions of the tool wrote and nothing reads any more. A project built by
 * such a version keeps them (tens of MB at a few thousand articles) until they are removed here,
 * after a build that succeeded, so a build of an older version from the same folder loses only its
 * cache, never a result.
 */
export const RETIRED_CACHE_ENTRIES = [
  'markdown.json', // the Markdown cache as one JSON object: now shards in markdown/
  'parses.json', // the stored parses as one JSON object: now shards in parses/
  'feeds', // feed items kept per article: feeds now hold the newest `feedItems` and are made whole
  'search', // Pagefind's index: the site's own search index (search-index.json, search-records/)
  'search-records.json', // the search records memo as one file: now shards in search-records/
] as const;

export async function removeRetiredCaches(cacheDir: string): Promise<void> {
  await Promise.all(RETIRED_CACHE_ENTRIES.map((name) => rm(join(cacheDir, name), { recursive: true, force: true })));
}
