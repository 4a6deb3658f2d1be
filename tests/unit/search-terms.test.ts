/**
 * The terms of a page's search record (cli/build/search-terms.ts, issue 21): its words taken in
 * one pass over the text, which must be the words the browser's search takes from a query
 * (shared/search-words.ts `words`), and each term counted once with its title and body counts.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { forEachTerm, termCounts } from '../../cli/build/search-terms.ts';
import { words } from '../../shared/search-words.ts';

/** The words of a text as its record counts them, each as often as it is counted, sorted. */
const wordsOf = (text: string) => {
  const found: string[] = [];
  forEachTerm(termCounts('', text), (term, _, count) => found.push(...Array<string>(count).fill(term)));
  return found.sort();
};

/** Letters that decompose, marks, capitals with special lower cases, letters of two code units, separators that are not ASCII. */
const characters = fc.constantFrom(
  ...['a', 'Z', '0', ' ', '.', "'", '-', '\t', 'é', 'É', '\u0301', 'ß', 'İ', 'Σ', 'σ', 'ς', '\u037e', 'K', '\u00a0'],
  ...['𝒜', '\ud835', '\udc9c', '٣', 'Ⅻ', 'ﬁ', '\u2028', '\u001f', 'Œ', 'Å', 'ǅ', 'ﾊﾟ', 'ㄱ', '가', '\u0130'],
);

describe('the words of a record', () => {
  test.each([
    ['Café in Utrecht, 31 maart', ['cafe', 'in', 'utrecht', '31', 'maart']],
    ['ÜBER naïef e-mail', ['uber', 'naief', 'e', 'mail']],
    ['a.Σ', ['a', 'ς']], // the sigma is final after a letter and a full stop: its text goes through `words` whole
    ['ΟΔΟΣ.Α ΟΔΟΣ', ['οδοσ', 'α', 'οδος']],
    ['x\u037ey', ['x', 'y']], // a Greek question mark is a semicolon once decomposed
    ['', []],
  ])('%j gives %j', (text, expected) => {
    expect(wordsOf(text)).toEqual([...expected].sort());
    expect(words(text)).toEqual(expected);
  });

  test('the words `words` gives, of any text', () => {
    fc.assert(
      fc.property(fc.array(characters, { maxLength: 12 }), (parts) => {
        expect(wordsOf(parts.join(''))).toEqual(words(parts.join('')).sort());
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(wordsOf(text)).toEqual(words(text).sort());
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the terms of a record', () => {
  test('each term once, with how often it is in the title and in the text', () => {
    fc.assert(
      fc.property(fc.array(characters, { maxLength: 12 }), fc.array(characters, { maxLength: 30 }), (title, text) => {
        const counted = new Map<string, [number, number]>();
        forEachTerm(termCounts(title.join(''), text.join('')), (term, inTitle, inText) => {
          expect(counted.has(term)).toBe(false);
          counted.set(term, [inTitle, inText]);
        });
        const expected = new Map<string, [number, number]>();
        for (const word of words(title.join(''))) (expected.get(word) ?? expected.set(word, [0, 0]).get(word)!)[0] += 1;
        for (const word of words(text.join(''))) (expected.get(word) ?? expected.set(word, [0, 0]).get(word)!)[1] += 1;
        expect(counted).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });

  test('terms named like Object.prototype and array indexes are terms like any other', () => {
    expect(termCounts('constructor 0 1', 'toString 1 __proto__ constructor')).toEqual([
      'constructor',
      1,
      1,
      '0',
      1,
      0,
      '1',
      1,
      1,
      'tostring',
      0,
      1,
      'proto',
      0,
      1,
    ]);
  });

  test('words whose hashes are the same, in any case, and a page of thousands of terms: each term counted on its own', () => {
    // FNV-1a gives "7yzx" and "e6ad" one hash (the terms' table looks them up by it), and "7yzy" and "e6ae" another.
    expect(termCounts('7yzx E6AD', 'e6ad 7YZX e6ad 7yzy e6ae')).toEqual([
      '7yzx',
      1,
      1,
      'e6ad',
      1,
      2,
      '7yzy',
      0,
      1,
      'e6ae',
      0,
      1,
    ]);
    const many = Array.from({ length: 5000 }, (_, at) => `t${at}`);
    const counted = termCounts(many.slice(0, 10).join(' '), `${many.join(' ')} ${many.join(' ')}`);
    expect(counted).toEqual(many.flatMap((term, at) => [term, at < 10 ? 1 : 0, 2]));
  });
});
