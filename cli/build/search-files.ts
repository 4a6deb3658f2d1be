import {
  manifestPath,
  PAGES_PER_FILE,
  recordsPath,
  SHARD_PREFIX,
  type SearchManifest,
  shardPath,
} from '../../shared/search-words.ts';
import type { SearchPage } from './search-pages.ts';
import type { IndexedPage } from './search-records.ts';

/** A file of the index: its path under /search/ and its text. */
export interface SearchFile {
  path: string;
  content: string;
}

/** The pages of one language of the index, in the order of their URLs: a page's number is its place. */
export interface SearchLanguage {
  language: string;
  urls: string[];
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The languages of these pages, each with its pages in URL order. */
export function searchLanguages(pages: readonly SearchPage[]): SearchLanguage[] {
  const urls = new Map<string, string[]>();
  for (const page of pages) {
    const list = urls.get(page.locale);
    if (list) list.push(page.url);
    else urls.set(page.locale, [page.url]);
  }
  return [...urls.keys()].sort(byCodeUnits).map((language) => ({
    language,
    urls: urls.get(language)!.sort(byCodeUnits),
  }));
}

export const prefixOf = (term: string) => term.slice(0, SHARD_PREFIX);

/** A shard's text: its terms in order, each with its pages as [page, title count, body count, ...]. */
export const shardContent = (postings: ReadonlyMap<string, readonly number[]>): string =>
  shardText([...postings.keys()].sort(byCodeUnits), postings);

/** The text of a shard of `terms` (in order), each with its postings. */
const shardText = (terms: readonly string[], postings: ReadonlyMap<string, readonly number[]>): string =>
  `{${terms.map((term) => `${JSON.stringify(term)}:[${postings.get(term)!.join(',')}]`).join(',')}}`;

/** A file of page records: [url, title, text] of each, its URL put before the remembered ["title","text"]. */
export const recordsContent = (pages: ReadonlyArray<{ url: string; shown: string }>): string =>
  `[${pages.map(({ url, shown }) => `[${JSON.stringify(url)},${shown.slice(1)}`).join(',')}]`;

export const manifestFile = (language: string, pages: number, prefixes: readonly string[]): SearchFile => {
  const manifest: SearchManifest = { pages, perFile: PAGES_PER_FILE, shards: [...prefixes].sort(byCodeUnits) };
  return { path: manifestPath(language), content: JSON.stringify(manifest) };
};

/** The records file of page `page`'s group, from what each page shows. */
export function recordsFile(
  { language, urls }: SearchLanguage,
  file: number,
  shown: (url: string) => string,
): SearchFile {
  const group = urls.slice(file * PAGES_PER_FILE, (file + 1) * PAGES_PER_FILE);
  return {
    path: recordsPath(language, file),
    content: recordsContent(group.map((url) => ({ url, shown: shown(url) }))),
  };
}

/** Where a language's files take each page's terms and what it shows (its title and text as JSON). */
export interface PageSource {
  terms(url: string): IndexedPage['terms'];
  shown(url: string): string;
}

/**
 * One language's files, made whole: its manifest, its shards of terms (by the terms' first two
 * characters), its page records in files of PAGES_PER_FILE. Each page's terms are asked for once
 * and dropped when added, what it shows only when its records file is made, and each file made
 * when the one before it is taken (written), so that neither every page's terms or text nor every
 * file are in memory at once. The postings are one map of every term, cut into shards once its
 * terms are sorted (a shard's terms are a run of them): a map of shards of maps cost a prefix and
 * a second look-up for each term of each page, ~560,000 at 4,000 sources, and each shard its sort.
 */
export function* languageFiles(language: SearchLanguage, source: PageSource): Generator<SearchFile> {
  const postings = new Map<string, number[]>();
  language.urls.forEach((url, page) => {
    const terms = source.terms(url);
    for (let at = 0; at < terms.length; at += 3) {
      const term = terms[at] as string;
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push(page, terms[at + 1] as number, terms[at + 2] as number);
    }
  });
  const sorted = [...postings.keys()].sort(byCodeUnits);
  const shards: Array<{ prefix: string; start: number; end: number }> = [];
  for (let start = 0, end = 0; start < sorted.length; start = end) {
    const prefix = prefixOf(sorted[start]!);
    for (end = start + 1; end < sorted.length && prefixOf(sorted[end]!) === prefix; end++);
    shards.push({ prefix, start, end });
  }
  yield manifestFile(
    language.language,
    language.urls.length,
    shards.map((shard) => shard.prefix),
  );
  for (const { prefix, start, end } of shards)
    yield { path: shardPath(language.language, prefix), content: shardText(sorted.slice(start, end), postings) };
  postings.clear();
  for (let file = 0; file * PAGES_PER_FILE < language.urls.length; file++)
    yield recordsFile(language, file, (url) => source.shown(url));
}

/**
 * The site search index of these pages, one per language (islands/lib/site-index.ts reads it).
 * The same pages give the same bytes.
 */
export function searchFiles(pages: readonly SearchPage[], indexed: (url: string) => IndexedPage): SearchFile[] {
  const source: PageSource = { terms: (url) => indexed(url).terms, shown: (url) => indexed(url).shown };
  return searchLanguages(pages).flatMap((language) => [...languageFiles(language, source)]);
}
