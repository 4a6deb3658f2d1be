import { escapeHtml } from './escape-html.ts';
import type { Stem } from './search-stem.ts';
import { SHARD_PREFIX, type SearchShard, wordSpans, words } from './search-words.ts';

/** A query longer than this is cut: the words after it are not looked for. */
export const MOST_QUERY_CHARACTERS = 200;
const MOST_QUERY_WORDS = 10;
/** Words an excerpt shows, and how many of them come before the first match. */
const EXCERPT_WORDS = 28;
const BEFORE_MATCH = 8;

/** The words looked for: normalised, each once, from the first MOST_QUERY_CHARACTERS characters. */
export function queryWords(query: string): string[] {
  return [...new Set(words(query.slice(0, MOST_QUERY_CHARACTERS)))].slice(0, MOST_QUERY_WORDS);
}

/** The shards that hold every term `word` is a prefix of: its own, or for one character all that begin with it. */
export function shardsOf(word: string, shards: readonly string[]): string[] {
  if (word.length >= SHARD_PREFIX) {
    const prefix = word.slice(0, SHARD_PREFIX);
    return shards.includes(prefix) ? [prefix] : [];
  }
  return shards.filter((prefix) => prefix.startsWith(word));
}

/** A query word shorter than this matches by its beginning only: a stemmer leaves such a word as it is. */
const STEMMED_FROM = 3;

/**
 * Whether a term (or a word of a text) is one a query word finds: the query word begins it (search
 * as you type), or both have one stem ("kampen" finds "kamp", "lessons" "lesson"). A word with an
 * equal stem is in the query word's shard: a stem keeps a word's first two letters.
 */
export function finds(word: string, stem: Stem): (term: string) => boolean {
  if (word.length < STEMMED_FROM) return (term) => term.startsWith(word);
  const stemmed = stem(word);
  return (term) => term.startsWith(word) || stem(term) === stemmed;
}

/** Occurrences of a word's terms on one page: in its title and in its body. */
type Counts = { title: number; body: number };

function pagesOf(word: string, shards: readonly SearchShard[], stem: Stem): Map<number, Counts> {
  const found = new Map<number, Counts>();
  const matches = finds(word, stem);
  for (const shard of shards)
    for (const [term, postings] of Object.entries(shard)) {
      if (!matches(term)) continue;
      for (let at = 0; at + 2 < postings.length; at += 3) {
        const counts = found.get(postings[at]!) ?? { title: 0, body: 0 };
        counts.title += postings[at + 1]!;
        counts.body += postings[at + 2]!;
        found.set(postings[at]!, counts);
      }
    }
  return found;
}

/**
 * The pages where every word finds a term (its beginning, or a term of its stem), best first: more
 * occurrences in the title, then more in the body; equal pages in the order of the index. `shards`:
 * for each word, the shards shardsOf named; `stem`: the stemmer of the index's language.
 */
export function rankPages(
  query: readonly string[],
  shards: ReadonlyArray<readonly SearchShard[]>,
  stem: Stem,
): number[] {
  if (query.length === 0) return [];
  const perWord = query.map((word, at) => pagesOf(word, shards[at] ?? [], stem));
  const totals: Array<{ page: number } & Counts> = [];
  for (const [page, counts] of perWord[0]!) {
    const total = { page, ...counts };
    if (
      perWord.slice(1).every((pages) => {
        const more = pages.get(page);
        if (!more) return false;
        total.title += more.title;
        total.body += more.body;
        return true;
      })
    )
      totals.push(total);
  }
  return totals.sort((a, b) => b.title - a.title || b.body - a.body || a.page - b.page).map((total) => total.page);
}

/**
 * About EXCERPT_WORDS words of a page's text around the first word a query word finds (rankPages),
 * as HTML: the text escaped, each such word in <mark>. The text's beginning when no word matches
 * (the page was found by its title).
 */
export function excerpt(text: string, query: readonly string[], stem: Stem): string {
  const spans = wordSpans(text);
  const finders = query.map((word) => finds(word, stem));
  const matches = (word: string) => finders.some((found) => found(word));
  const first = Math.max(
    0,
    spans.findIndex((span) => matches(span.word)),
  );
  const start = Math.max(0, Math.min(first - BEFORE_MATCH, spans.length - EXCERPT_WORDS));
  const shown = spans.slice(start, start + EXCERPT_WORDS);
  if (shown.length === 0) return escapeHtml(text.slice(0, 200));
  // From and to whitespace: the punctuation joined to the first and last words stays with them.
  let at = shown[0]!.start - /\S*$/.exec(text.slice(0, shown[0]!.start))![0].length;
  let html = '';
  for (const span of shown) {
    html += escapeHtml(text.slice(at, span.start));
    const word = escapeHtml(text.slice(span.start, span.end));
    html += matches(span.word) ? `<mark>${word}</mark>` : word;
    at = span.end;
  }
  html += escapeHtml(/^\S*/.exec(text.slice(at))![0]);
  return html;
}
