/**
 * The text of <main> in a page's search record (cli/build/search-records.ts, issue 21): read with
 * tag kinds found by a key of the name's characters (cli/build/search-tags.ts), the excluded classes
 * found without a regular expression, and runs of white space not added where they would collapse.
 * The way it was read before (names looked up in sets, a regular expression for the classes, every
 * space added and collapsed at the end) is the specification: any page must read the same.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { pageRecord } from '../../cli/build/search-records.ts';
import { hasExcludedClass, tagKind } from '../../cli/build/search-tags.ts';
import { VOID_ELEMENTS } from '../../shared/void-elements.ts';

const EXCLUDED_TAGS = new Set(['form', 'site-island', 'script', 'style', 'template', 'noscript', 'svg']);
const INLINE = new Set('a abbr b cite code em i kbd mark q s small span strong sub sup time u'.split(' '));
const VOID = new Set<string>(VOID_ELEMENTS);
const SENTENCE_END: Record<string, string> = { p: '.', li: '.', dd: '.', dt: ':', blockquote: '.', figcaption: '.' };
for (const level of [1, 2, 3, 4, 5, 6]) SENTENCE_END[`h${level}`] = '.';
const excluded = (name: string, attributes: string) =>
  EXCLUDED_TAGS.has(name) ||
  (/\bclass="([^"]*)"/
    .exec(attributes)?.[1]
    ?.split(/\s+/)
    .some((one) => ['crumbs', 'signup-call', 'article-foot'].includes(one)) ??
    false);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return Object.hasOwn(ENTITIES, name.toLowerCase()) ? ENTITIES[name.toLowerCase()]! : whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>|<!--[\s\S]*?-->/g;

/** The text and heading of <main> as the record read them before. */
function specified(main: string): { text: string; heading: string } {
  let text = '';
  let inWord = false;
  let [headingFrom, headingTo, skipping, at] = [-1, -1, 0, 0];
  for (TAG.lastIndex = 0; ; ) {
    const match = TAG.exec(main);
    if (!match) break;
    if (skipping === 0 && match.index > at) {
      const chunk = decode(main.slice(at, match.index));
      text += chunk;
      if (chunk.trim()) inWord = /[\p{L}\p{N}]$/u.test(chunk.trimEnd());
    }
    at = TAG.lastIndex;
    if (match[2] === undefined) continue;
    const name = match[2].toLowerCase();
    if (match[1]) {
      if (skipping > 0) skipping -= 1;
      else if (name === 'h1' && headingFrom >= 0 && headingTo < 0) headingTo = text.length;
      else if (inWord && Object.hasOwn(SENTENCE_END, name)) {
        text += SENTENCE_END[name];
        inWord = false;
      }
    } else if (!VOID.has(name) && !match[3]!.endsWith('/')) {
      if (skipping > 0 || excluded(name, match[3]!)) skipping += 1;
      else if (name === 'h1' && headingFrom < 0) headingFrom = text.length;
      if (name === 'script' || name === 'style') {
        const end = main.indexOf(`</${name}`, at);
        TAG.lastIndex = at = end < 0 ? main.length : end;
      }
    }
    if (!INLINE.has(name)) text += ' ';
  }
  if (skipping === 0) text += decode(main.slice(at));
  const [from, to] = headingFrom < 0 ? [0, 0] : [headingFrom, headingTo < 0 ? text.length : headingTo];
  return { text: collapse(text.slice(0, from) + text.slice(to)), heading: collapse(text.slice(from, to)) };
}

const NAMES = [
  ...['p', 'P', 'h1', 'H1', 'h2', 'h6', 'dt', 'DT', 'dd', 'li', 'dl', 'blockquote', 'figcaption', 'div', 'section'],
  ...['b', 'B', 'span', 'em', 'a', 'code', 'cite', 'abbr', 'sub', 'sup', 'strong', 'time', 'x-y', 'h1x', 'pp'],
  ...['br', 'BR', 'img', 'hr', 'col', 'input', 'svg', 'form', 'Form', 'script', 'SCRIPT', 'style', 'template'],
  ...['site-island', 'noscript', 'site-islanD', 'forms', 'spam', 'coda'],
];
const ATTRIBUTES = [
  ...['', '', ' class="crumbs"', ' class="x signup-call"', ' class="article-foot\ty"', ' class="crumbs-extra"'],
  ...[' data-class="crumbs"', ' CLASS="crumbs"', ' class=crumbs', ' id="a" class="crumbs"', ' xclass="crumbs"'],
  ...[' class="\u00a0crumbs"', ' class="a" class="crumbs"', ' title="x>y"', ' /', ' class="crumbs'],
];
const tags = fc
  .tuple(
    fc.constantFrom('<', '</'),
    fc.constantFrom(...NAMES),
    fc.constantFrom(...ATTRIBUTES),
    fc.constantFrom('>', '/>'),
  )
  .map((parts) => parts.join(''));
const texts = fc.constantFrom(
  ...['woord', 'Woord', 'é', '.', '—', ' ', '  ', '\n', '\t', '\u00a0', '\u2003', '&amp;', '&nbsp;', '&#233;', '&x;'],
  ...['<!-- c -->', '<', '>', '1', 'a b', '</script>', '</style >'],
);
const mains = fc.array(fc.oneof(tags, texts), { maxLength: 40 }).map((parts) => parts.join(''));

describe('the text of <main> in a search record', () => {
  test('reads as it read before, of any tags, classes, white space and characters', () => {
    fc.assert(
      fc.property(mains, (main) => {
        const record = pageRecord(`<title>t</title><main>${main}</main>`);
        const { text, heading } = specified(`<main>${main}`);
        expect(record.text).toBe(text);
        expect(record.title).toBe(heading || 't');
      }),
      { numRuns: 3000 },
    );
  });

  test.each([
    ['<div class="a crumbs">weg</div><p>blijft</p>', 'blijft.'],
    ['<div class="crumbs-extra">blijft</div>', 'blijft'],
    ['<p>a</p><h1>Kop </h1>b', 'a. b'],
    ['<p>a</p> \n <p>b</p>', 'a. b.'],
    ['a<h1>Kop </h1>b', 'a b'], // the heading ends in white space: the text after it has a space of its own
  ])('<main>%s</main> reads as %j', (main, text) => {
    expect(pageRecord(`<main>${main}</main>`).text).toBe(text);
  });

  test('a tag name has its kind in any case, and only the names listed have one', () => {
    const kind = (name: string) => tagKind(name, 0, name.length);
    expect(kind('SPAN')).toBe(kind('span'));
    expect(kind('span')).not.toBe(0);
    expect([kind('spam'), kind('coda'), kind('h1x'), kind('div'), kind('x')]).toEqual([0, 0, 0, 0, 0]);
  });

  test('an excluded class is a whole class of the first class attribute', () => {
    const has = (attributes: string) =>
      hasExcludedClass(attributes, 0, attributes.length, attributes.indexOf('class="'));
    expect([has(' class="crumbs"'), has(' class="x\ncrumbs y"'), has(' data-class="crumbs"')]).toEqual([
      true,
      true,
      true,
    ]);
    expect([has(' class="crumbsx"'), has(' xclass="crumbs"'), has(' class="a" class="crumbs"')]).toEqual([
      false,
      false,
      false,
    ]);
  });
});
