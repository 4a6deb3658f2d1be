/**
 * The scan of a page's tags for its search record (cli/build/search-records.ts, issue 21): a loop
 * over `<` and `>` in place of a regular expression, which it must match exactly, and the text it
 * reads around tags the build never writes but an editor's HTML or a template could.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { endsInWord, type FoundTag, nextTag, pageRecord } from '../../cli/build/search-records.ts';

/** What the scan replaced: its results are the specification. */
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>|<!--[\s\S]*?-->/g;

function byRegex(html: string, from: number) {
  TAG.lastIndex = from;
  const match = TAG.exec(html);
  if (!match) return undefined;
  return {
    start: match.index,
    end: TAG.lastIndex,
    name: match[2],
    ...(match[2] === undefined
      ? {}
      : { closing: match[1] === '/', attributes: match[3], capital: match[2] !== match[2].toLowerCase() }),
  };
}

function byScan(html: string, from: number) {
  const tag: FoundTag = { start: 0, end: 0, comment: false, closing: false, nameStart: 0, nameEnd: 0 };
  if (!nextTag(html, from, tag)) return undefined;
  const name = tag.comment ? undefined : html.slice(tag.nameStart, tag.nameEnd);
  return {
    start: tag.start,
    end: tag.end,
    name,
    ...(name === undefined
      ? {}
      : {
          closing: tag.closing,
          attributes: html.slice(tag.nameEnd, tag.end - 1),
          capital: name !== name.toLowerCase(),
        }),
  };
}

const PARTS = [
  '<',
  '</',
  '<!--',
  '-->',
  '--',
  '>',
  '/>',
  '!',
  'a',
  'B',
  'h1',
  'x-y',
  '-',
  '9',
  ' ',
  '"',
  "'",
  '=',
  '/',
];
const htmlish = fc.array(fc.constantFrom(...PARTS), { maxLength: 30 }).map((parts) => parts.join(''));

/** What a block's end looked back for in the text before it: its last character that is not white space. */
const wordEndByRegex = (text: string) => (text.trimEnd() ? /[\p{L}\p{N}]$/u.test(text.trimEnd()) : undefined);

describe('the tag scan of the search records', () => {
  test('a text ends in a word as the expression on its trimmed end says, white space of any kind and surrogates too', () => {
    const characters = fc.constantFrom(
      ' ',
      '\t',
      '\n',
      '\r',
      '\u000b',
      '\f',
      '\u00a0',
      '\u2003',
      '\ufeff',
      '\u2028',
      'a',
      'Z',
      '5',
      '-',
      '.',
      'é',
      '\u0301',
      '\ud835',
      '\udc9c',
      '𝒜',
      '٣',
      '\u001c',
    );
    fc.assert(
      fc.property(fc.array(characters, { maxLength: 8 }), (parts) => {
        const text = parts.join('');
        expect(endsInWord(text)).toBe(wordEndByRegex(text));
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(endsInWord(text)).toBe(wordEndByRegex(text));
      }),
    );
  });

  test('finds the tags and comments the regular expression finds, from every offset', () => {
    fc.assert(
      fc.property(htmlish, (html) => {
        for (let from = 0; from <= html.length; from++) expect(byScan(html, from)).toEqual(byRegex(html, from));
      }),
      { numRuns: 2000 },
    );
  });

  test.each([
    // `<d</p>` is a tag (d), as the expression reads it; a comment without an end is text; `<!-->` opens one.
    ['<p>a < b, c<d</p>', 'a < b, c'],
    ['<p>een<!-- geen eind</p><p>twee</p>', 'een<!-- geen eind. twee.'],
    ['<p>een<!-->twee--></p>', 'een.'],
    ['<p>regel<br/>twee</p><P>Drie</P>', 'regel twee. Drie.'],
    ['<div class="crumbs-extra">blijft</div><div class="x crumbs">weg</div>', 'blijft'],
    ['<p>tab\tnieuwe\nregel\u00a0vast  dubbel</p>', 'tab nieuwe regel vast dubbel.'],
    ['<p>open <', 'open <'],
    // A block's end after white space of other kinds, a letter of two code units, a mark, a digit.
    ['<p>een\u00a0</p><p>𝒜\u2003</p><p>twee!\u3000</p><li>3</li><DT>x</DT><p>é</p>', 'een . 𝒜 . twee! 3. x: é.'],
    ['<h1>Kop <b>vet</b></h1><p>tekst</p><h1>tweede</h1>', 'tekst. tweede.'],
    ['<p>a</p><p>\u00a0</p><li> </li>', 'a.'],
  ])('<main>%s</main> reads as %j', (main, text) => {
    const record = pageRecord(`<html><head><title>t</title></head><body><main>${main}</main></body></html>`);
    expect(record.text).toBe(text);
  });
});
