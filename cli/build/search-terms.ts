import { words } from '../../shared/search-words.ts';

/** Capital sigma: its lower case depends on the letters around it (final ς or σ), across a word's end. */
const CAPITAL_SIGMA = '\u03a3';

/**
 * Each word of a text as `words` (shared/search-words.ts, the browser's too) gives it, in order,
 * in one pass over the text's characters: a run of ASCII letters and digits is a word as it is
 * (lower-cased when it has a capital); a run with a character beyond ASCII goes through `words`
 * on its own, which gives what the whole text would: decomposing a character, dropping its marks
 * and its lower case do not reach past the ASCII character that ends its run (only a capital
 * sigma's lower case does, so a text with one goes through `words` whole). `words` over every
 * text whole, normalised and split twice, took twice as long (issue 21).
 */
export function eachWord(text: string, each: (word: string) => void): void {
  if (text.includes(CAPITAL_SIGMA)) {
    for (const word of words(text)) each(word);
    return;
  }
  let start = -1;
  let capital = false;
  let beyond = false;
  for (let at = 0; at <= text.length; at++) {
    const code = at < text.length ? text.charCodeAt(at) : 32;
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
      if (start < 0) start = at;
    } else if (code >= 65 && code <= 90) {
      if (start < 0) start = at;
      capital = true;
    } else if (code >= 128) {
      if (start < 0) start = at;
      beyond = true;
    } else if (start >= 0) {
      const run = text.slice(start, at);
      if (beyond) for (const word of words(run)) each(word);
      else each(capital ? run.toLowerCase() : run);
      start = -1;
      capital = false;
      beyond = false;
    }
  }
}

/**
 * Each term of a page and its counts in one flat list, `[term, title, body, term, title, body, ...]`:
 * parsed from JSON (the records memo, a render worker's record) three times faster than an object
 * of a page's terms, and walked ten times faster (4,100 pages: 37 against 110 ms, 2 against 32).
 */
export type TermCounts = Array<string | number>;

/**
 * Each term of the title and the text with its counts in them, in the order first found (no
 * reader depends on the order: the index lists terms and pages sorted): counted in the list itself,
 * a map giving each term's place, not in an object of [title, body] pairs (~140 pairs a page, and
 * their dictionary look-ups, were a third of a record's time).
 */
export function termCounts(title: string, text: string): TermCounts {
  const terms: TermCounts = [];
  const places = new Map<string, number>();
  const counter = (offset: number) => (word: string) => {
    let place = places.get(word);
    if (place === undefined) {
      place = terms.length;
      places.set(word, place);
      terms.push(word, 0, 0);
    }
    (terms[place + offset] as number) += 1;
  };
  eachWord(title, counter(1));
  eachWord(text, counter(2));
  return terms;
}

/** Calls `each` with each term of `terms` and its counts. */
export function forEachTerm(terms: TermCounts, each: (term: string, title: number, body: number) => void): void {
  for (let at = 0; at < terms.length; at += 3)
    each(terms[at] as string, terms[at + 1] as number, terms[at + 2] as number);
}
