import { excerpt, queryWords, rankPages, shardsOf } from '../../shared/search-query.ts';
import { stemmerOf } from '../../shared/search-stem.ts';
import {
  manifestPath,
  recordsPath,
  SEARCH_FOLDER,
  type SearchManifest,
  type SearchRecords,
  type SearchShard,
  shardPath,
} from '../../shared/search-words.ts';

/** A result as the search shows it: the excerpt is HTML (the page's text escaped, the words found in <mark>). */
export interface SearchResult {
  url: string;
  title: string;
  excerpt: string;
}

/** Results shown at most: only their records are downloaded. */
export const MOST_RESULTS = 20;

/** Files of the index asked for so far, by path: each downloaded once; a failed one is asked again next time. */
const files = new Map<string, Promise<unknown>>();

function load<T>(path: string): Promise<T> {
  let file = files.get(path);
  if (!file) {
    file = fetch(`/${SEARCH_FOLDER}/${path}`).then((answer) => {
      if (!answer.ok) throw new Error(`${answer.status} for the search index's ${path}`);
      return answer.json();
    });
    files.set(path, file);
    file.catch(() => files.delete(path)); // offline: tried again on the next search
  }
  return file as Promise<T>;
}

/**
 * Searches this page's language's index (cli/build/search-index.ts), downloading its manifest,
 * the shards of the query's words and the records of the results shown, nothing more (and, for
 * English, its stemmer): every word must begin a word of the page or share its stem
 * (shared/search-stem.ts), title matches rank above body matches.
 */
export async function searchSite(query: string): Promise<SearchResult[]> {
  const language = document.documentElement.lang;
  const asked = queryWords(query);
  if (asked.length === 0) return [];
  const [manifest, stem] = await Promise.all([load<SearchManifest>(manifestPath(language)), stemmerOf(language)]);
  const shards = await Promise.all(
    asked.map((word) =>
      Promise.all(shardsOf(word, manifest.shards).map((prefix) => load<SearchShard>(shardPath(language, prefix)))),
    ),
  );
  const pages = rankPages(asked, shards, stem).slice(0, MOST_RESULTS);
  return Promise.all(
    pages.map(async (page) => {
      const records = await load<SearchRecords>(recordsPath(language, Math.floor(page / manifest.perFile)));
      const [url, title, text] = records[page % manifest.perFile]!;
      return { url, title, excerpt: excerpt(text, asked, stem) };
    }),
  );
}
