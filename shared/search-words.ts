/**
 * Words as the site search knows them, the same in the build (cli/build/search-records.ts) and in
 * the browser (islands/lib/site-index.ts): lower case, without diacritics (é = e, ë = e), split on
 * anything that is not a letter or a digit.
 */

/** Letters, digits and the marks that NFD splits off letters: one word of a text. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const MARKS = /\p{M}/gu;
/** Between words, once the marks are gone. */
const BETWEEN = /[^\p{L}\p{N}]+/u;
/** Between words for certain: ASCII that is not a lower-case letter or digit (a text is lower case by then). */
const ASCII_BETWEEN = /[^a-z0-9\u0080-\uffff]+/;
/** A character beyond ASCII: text without one needs no Unicode normalisation. */
const BEYOND_ASCII = /[\u0080-\uffff]/;

/** A word (or a whole text) as the index holds it. */
export function normalise(word: string): string {
  return (!BEYOND_ASCII.test(word) ? word : word.normalize('NFD').replace(MARKS, '')).toLowerCase();
}

/**
 * The words of a text, normalised, in order. The text is normalised whole and split at ASCII
 * first, only the pieces with other characters by Unicode's letters and digits: a page's text word
 * by word, or split by Unicode classes alone, cost three to four times as much.
 */
export function words(text: string): string[] {
  const found: string[] = [];
  for (const piece of normalise(text).split(ASCII_BETWEEN)) {
    if (!BEYOND_ASCII.test(piece)) {
      if (piece) found.push(piece);
    } else for (const word of piece.split(BETWEEN)) if (word) found.push(word);
  }
  return found;
}

/** The words of a text with where each is in it: for the excerpt around a match. */
export function wordSpans(text: string): Array<{ word: string; start: number; end: number }> {
  return [...text.matchAll(WORD)].map((match) => ({
    word: normalise(match[0]),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** Terms are in shards by their first two characters; a one-character term is a shard of its own. */
export const SHARD_PREFIX = 2;

/**
 * A shard's file name: its prefix, each character not a-z or 0-9 as _ and its code point in hex
 * (a term may be any letter, a file name is better plain).
 */
export function shardName(prefix: string): string {
  let name = '';
  for (const character of prefix)
    name += /[a-z0-9]/.test(character) ? character : `_${character.codePointAt(0)!.toString(16)}`;
  return name;
}

/** Where a language's index lives under the site: /search/<language>/... */
export const SEARCH_FOLDER = 'search';
/** Pages a file of page records holds: a search downloads the files of the results it shows. */
export const PAGES_PER_FILE = 4;

/** A language's manifest (/search/<language>/index.json): its shards and how many pages it has. */
export interface SearchManifest {
  pages: number;
  perFile: number;
  /** The prefixes of its shards, sorted. */
  shards: string[];
}

/** A shard (/search/<language>/terms/<name>.json): each term's pages, as [page, title count, body count, ...]. */
export type SearchShard = Record<string, number[]>;

/** A file of page records (/search/<language>/pages/<n>.json): [url, title, text] of each. */
export type SearchRecords = Array<[url: string, title: string, text: string]>;

export const manifestPath = (language: string) => `${language}/index.json`;
export const shardPath = (language: string, prefix: string) => `${language}/terms/${shardName(prefix)}.json`;
export const recordsPath = (language: string, file: number) => `${language}/pages/${file}.json`;
