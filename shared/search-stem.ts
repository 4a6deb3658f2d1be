/**
 * Stems for the site search: inflected forms of a word ("kampen", "kamp"; "lessons", "lesson")
 * have one stem, and a query word finds the terms with its stem besides those it begins
 * (shared/search-query.ts). Only for equality: the index keeps the words as written (search as
 * you type needs their beginnings), the browser stems the terms of the shards it loaded. Each
 * language its own stemmer, on words as shared/search-words.ts makes them (lower case, no
 * diacritics).
 */

/** A word's stem: the same for the forms of one word, in one language. */
export type Stem = (word: string) => string;

/** A language without a stemmer: each word is only itself. */
export const unstemmed: Stem = (word) => word;

/** Letters a stem keeps at least: a shorter word is not stemmed, a suffix is not removed from a shorter rest. */
const SHORTEST = 3;
const VOWEL = /[aeiouy]/;
const rest = (word: string, suffix: string) =>
  word.endsWith(suffix) && word.length - suffix.length >= SHORTEST ? word.slice(0, -suffix.length) : undefined;

/**
 * A diminutive's word: -tje(s) after a vowel, l, n, r or w ("baantje", "toernooitje"), else
 * -je(s) ("lesje", "potje"); "kaartje" is read as "kaar" + "tje", a known miss.
 */
function diminutive(word: string): string | undefined {
  const base = rest(word, 'jes') ?? rest(word, 'je');
  if (base === undefined) return undefined;
  const withoutT = base.endsWith('t') ? rest(base, 't') : undefined;
  return withoutT !== undefined && /[aeiouylnrw]$/.test(withoutT) ? withoutT : base;
}

/**
 * An -en ending a plural or an infinitive: after a consonant ("kampen"), an i after a vowel
 * ("toernooien") or the e of "ie" and "ee" ("knieën", "ideeën"); not "kampioen", "alleen".
 */
const pluralEn = (word: string) => (/([^aeiouy]|[aeiou]i|[ie]e)en$/.test(word) ? rest(word, 'en') : undefined);

/** An s ending a plural: after a consonant but s and j ("clubs", not "fitness", "prijs"), or after "e" ("competities", "rondes"). */
function pluralS(word: string): string | undefined {
  const before = word[word.length - 2]!;
  return before === 'e' || (!VOWEL.test(before) && before !== 's' && before !== 'j') ? rest(word, 's') : undefined;
}

/**
 * A light Dutch stemmer after Snowball's Dutch (Porter, 2001), wider where Snowball leaves plurals
 * apart: of plurals and inflection -heden (to -heid), -en, -s, then -e (also after those), a
 * doubled final consonant made single ("lessen", "les"; Snowball only undoubles kk, dd and tt),
 * and a long vowel before the final consonant made short ("baan", "banen": "ban"); diminutives
 * (-je, -tje, -jes, -tjes), which Snowball keeps. Not verbs' -t or -de/-te (too many stems end in
 * t: "sport", "kunst"), not irregular plurals ("lid", "leden"), not prefixes (ge-).
 */
export function dutchStem(word: string): string {
  if (word.length <= SHORTEST || /[^a-z]/.test(word)) return word;
  const heid = rest(word, 'heden');
  const base = heid !== undefined ? `${heid}heid` : (diminutive(word) ?? pluralEn(word) ?? pluralS(word));
  let stem = base ?? word;
  if (/[^aeiouy]e$/.test(stem)) stem = rest(stem, 'e') ?? stem;
  // Only of a word that had an ending: "fitness" stays, and so does "tenn" while "tennis" is typed.
  if (stem !== word && /([^aeiouy])\1$/.test(stem) && stem.length > SHORTEST) stem = stem.slice(0, -1);
  // consonant, long vowel, consonant at the end: "baan" and "banen" are "ban", "groot" and "grote" "grot"
  return stem.replace(/([^aeiouy])([aeou])\2([^aeiouy])$/, '$1$2$3');
}

/**
 * The stemmer of a language's pages: Dutch our own light one (dutchStem), English Porter's (the
 * `stemmer` package, an ES module of 0.8 KB gzipped, loaded when first asked for: a Dutch page
 * does not download it), any other language none. Not Snowball's Porter2 (`porter2`): CommonJS,
 * whose interop helpers esbuild then shares in a chunk every island page loads (+0.4 KB, the
 * club pages over their 15 KB).
 */
export async function stemmerOf(language: string): Promise<Stem> {
  if (language === 'nl') return dutchStem;
  if (language === 'en') return (await import('stemmer')).stemmer;
  return unstemmed;
}
