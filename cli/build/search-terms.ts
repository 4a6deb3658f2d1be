import { words } from '../../shared/search-words.ts';

/** Capital sigma: its lower case depends on the letters around it (final ς or σ), across a word's end. */
const CAPITAL_SIGMA = '\u03a3';

/**
 * Each term of a page and its counts in one flat list, `[term, title, body, term, title, body, ...]`:
 * parsed from JSON (the records memo, a render worker's record) three times faster than an object
 * of a page's terms, and walked ten times faster (4,100 pages: 37 against 110 ms, 2 against 32).
 */
export type TermCounts = Array<string | number>;

/**
 * The table a page's terms are found in as they are counted: open addressing by the hash of a
 * term's characters (FNV-1a over its code units, lower case), each slot the term's place in the
 * page's list plus one (0: empty) beside its hash. One table, emptied for each page (a page's
 * terms are counted at once, nothing else runs meanwhile), grown as a page needs.
 */
let places = new Int32Array(1024);
let hashes = new Int32Array(1024);
let used = 0;
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/**
 * Counts the word `text[start, end)` (in lower case when its capitals are lowered, `capital`: the
 * hash is of those), whose hash is `hash`, in the count at `offset` (1 title, 2 body) of its term in `terms`.
 * The word is compared with the term in the text, and a string made only for a new term: a string
 * of every word, and a Map's hash of it again, were most of the count (issue 21).
 */
function tally(
  terms: TermCounts,
  text: string,
  start: number,
  end: number,
  hash: number,
  capital: boolean,
  offset: number,
): void {
  const mask = places.length - 1;
  const length = end - start;
  for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
    const place = places[slot]! - 1;
    if (place < 0) {
      places[slot] = terms.length + 1;
      hashes[slot] = hash;
      const word = text.slice(start, end);
      // Lowered only when it has a capital: a page's text is mostly of two-byte strings, whose toLowerCase is a runtime call.
      terms.push(capital ? word.toLowerCase() : word, 0, 0);
      (terms[terms.length - 3 + offset] as number) += 1;
      if (++used * 2 > places.length) grow();
      return;
    }
    if (hashes[slot] !== hash) continue;
    const term = terms[place] as string;
    if (term.length !== length) continue;
    let at = 0;
    for (; at < length; at++) {
      const code = text.charCodeAt(start + at);
      if (term.charCodeAt(at) !== (code >= 65 && code <= 90 ? code + 32 : code)) break;
    }
    if (at === length) {
      (terms[place + offset] as number) += 1;
      return;
    }
  }
}

/** Counts a word as `words` gives it (lower case already). */
function tallyWord(terms: TermCounts, word: string, offset: number): void {
  let hash = FNV_OFFSET;
  for (let at = 0; at < word.length; at++) hash = Math.imul(hash ^ word.charCodeAt(at), FNV_PRIME);
  tally(terms, word, 0, word.length, hash, false, offset);
}

function grow(): void {
  const before = places;
  const beforeHashes = hashes;
  places = new Int32Array(before.length * 2);
  hashes = new Int32Array(before.length * 2);
  const mask = places.length - 1;
  for (let at = 0; at < before.length; at++) {
    if (before[at] === 0) continue;
    let slot = beforeHashes[at]! & mask;
    while (places[slot] !== 0) slot = (slot + 1) & mask;
    places[slot] = before[at]!;
    hashes[slot] = beforeHashes[at]!;
  }
}

/**
 * Counts each word of `text` as `words` (shared/search-words.ts, the browser's too) gives it, in one
 * pass over the text's characters: a run of ASCII letters and digits is a word as it is (lower
 * case), hashed as it is scanned and counted by its place in the text; a run with a character
 * beyond ASCII goes through `words` on its own, which gives what the whole text would: decomposing
 * a character, dropping its marks and its lower case do not reach past the ASCII character that
 * ends its run (only a capital sigma's lower case does, so a text with one goes through `words`
 * whole). `words` over every text whole, normalised and split twice, took twice as long (issue 21).
 */
function countWords(terms: TermCounts, text: string, offset: number): void {
  if (text.includes(CAPITAL_SIGMA)) {
    for (const word of words(text)) tallyWord(terms, word, offset);
    return;
  }
  let start = -1;
  let hash = FNV_OFFSET;
  let capital = false;
  let beyond = false;
  for (let at = 0; at <= text.length; at++) {
    const code = at < text.length ? text.charCodeAt(at) : 32;
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
      if (start < 0) start = at;
      hash = Math.imul(hash ^ code, FNV_PRIME);
    } else if (code >= 65 && code <= 90) {
      if (start < 0) start = at;
      hash = Math.imul(hash ^ (code + 32), FNV_PRIME);
      capital = true;
    } else if (code >= 128) {
      if (start < 0) start = at;
      beyond = true;
    } else if (start >= 0) {
      if (beyond) for (const word of words(text.slice(start, at))) tallyWord(terms, word, offset);
      else tally(terms, text, start, at, hash, capital, offset);
      start = -1;
      hash = FNV_OFFSET;
      capital = false;
      beyond = false;
    }
  }
}

/**
 * Each term of the title and the text with its counts in them, in the order first found (no
 * reader depends on the order: the index lists terms and pages sorted): counted in the list itself,
 * not in an object of [title, body] pairs (~140 pairs a page, and their dictionary look-ups, were
 * a third of a record's time).
 */
export function termCounts(title: string, text: string): TermCounts {
  const terms: TermCounts = [];
  places.fill(0);
  used = 0;
  countWords(terms, title, 1);
  countWords(terms, text, 2);
  return terms;
}

/** Calls `each` with each term of `terms` and its counts. */
export function forEachTerm(terms: TermCounts, each: (term: string, title: number, body: number) => void): void {
  for (let at = 0; at < terms.length; at += 3)
    each(terms[at] as string, terms[at + 1] as number, terms[at + 2] as number);
}
