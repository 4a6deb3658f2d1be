import { VOID_ELEMENTS } from '../../shared/void-elements.ts';

/** What a tag's name tells the text of <main> (cli/build/search-records.ts), as bits. */
export const INLINE = 1;
/** Without content (and SVG's self-closed ones): nothing to skip inside them. */
export const VOID = 2;
/** Content that is not HTML: skipped to the end tag. */
export const RAW = 4;
export const EXCLUDED = 8;
export const HEADING = 16;
/** A block whose text ends a sentence with a full stop, or (a definition's term) a colon. */
export const FULL_STOP = 32;
export const COLON = 64;

/** Parts of <main> every page of their kind repeats (they would match every search), forms, and what is not text. */
const EXCLUDED_TAGS = ['form', 'site-island', 'script', 'style', 'template', 'noscript', 'svg'];
/** Elements that may sit inside a word: no space between their text and the text around them. */
const INLINE_TAGS = ['a', 'abbr', 'b', 'cite', 'code', 'em', 'i', 'kbd', 'mark', 'q', 's', 'small', 'span'];
INLINE_TAGS.push('strong', 'sub', 'sup', 'time', 'u');
const FULL_STOP_TAGS = ['p', 'li', 'dd', 'blockquote', 'figcaption', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * A name's key: its length, first, second and last character, lower case (`| 32` lowers A-Z and
 * leaves a-z, digits and `-` as they are). Only the names above have a kind; a page's other names
 * (div, section, ul ...) miss the table by their key alone, without a string made of them.
 */
const key = (length: number, first: number, second: number, last: number) =>
  (((length * 128 + (first | 32)) * 128 + (second | 32)) * 128 + (last | 32)) | 0;
const nameKey = (name: string) =>
  key(name.length, name.charCodeAt(0), name.charCodeAt(1 % name.length), name.charCodeAt(name.length - 1));

/** The names with a kind, by key (names that share a key are looked at in turn). */
const KINDS = new Map<number, Array<{ name: string; kind: number }>>();
const NAMES = new Map<string, number>();
const give = (names: readonly string[], kind: number) => {
  for (const name of names) NAMES.set(name, (NAMES.get(name) ?? 0) | kind);
};
give(EXCLUDED_TAGS, EXCLUDED);
give(INLINE_TAGS, INLINE);
give(VOID_ELEMENTS, VOID);
give(['script', 'style'], RAW);
give(FULL_STOP_TAGS, FULL_STOP);
give(['dt'], COLON);
give(['h1'], HEADING);
for (const [name, kind] of NAMES) {
  const same = KINDS.get(nameKey(name)) ?? [];
  same.push({ name, kind });
  KINDS.set(nameKey(name), same);
}

/** The kind of the tag name `html[start, end)` (letters, digits and `-`, in any case). */
export function tagKind(html: string, start: number, end: number): number {
  const length = end - start;
  const found = KINDS.get(
    key(length, html.charCodeAt(start), html.charCodeAt(length > 1 ? start + 1 : start), html.charCodeAt(end - 1)),
  );
  if (found === undefined) return 0;
  for (const { name, kind } of found) {
    let at = 0;
    while (at < length && (html.charCodeAt(start + at) | 32) === name.charCodeAt(at)) at++;
    if (at === length) return kind;
  }
  return 0;
}

/** JavaScript's white space (`\s`). */
export const isSpace = (code: number) =>
  code === 32 ||
  (code >= 9 && code <= 13) ||
  (code >= 128 &&
    (code === 0xa0 ||
      code === 0x1680 ||
      (code >= 0x2000 && code <= 0x200a) ||
      code === 0x2028 ||
      code === 0x2029 ||
      code === 0x202f ||
      code === 0x205f ||
      code === 0x3000 ||
      code === 0xfeff));

const EXCLUDED_CLASSES = ['crumbs', 'signup-call', 'article-foot'];
const isWordCharacter = (code: number) =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;

/**
 * Whether the attributes `html[from, to)` have an excluded class: as `/\bclass="([^"]*)"/` finds
 * the first class attribute and its value split at white space, without the slice, match and split
 * (they were most of a tag's time). `first`: where the first `class="` at or after `from` is in
 * `html` (-1: none), which the caller keeps as it goes (a search from each tag would run on to the
 * next class attribute, wherever that is).
 */
export function hasExcludedClass(html: string, from: number, to: number, first: number): boolean {
  for (let at = first; at >= 0 && at + 7 <= to; at = html.indexOf('class="', at + 1)) {
    if (at > from && isWordCharacter(html.charCodeAt(at - 1))) continue;
    const start = at + 7;
    const end = html.indexOf('"', start);
    if (end < 0 || end >= to) continue;
    for (let token = start; token < end; token++) {
      if (isSpace(html.charCodeAt(token))) continue;
      let tokenEnd = token + 1;
      while (tokenEnd < end && !isSpace(html.charCodeAt(tokenEnd))) tokenEnd++;
      for (const name of EXCLUDED_CLASSES)
        if (name.length === tokenEnd - token && html.startsWith(name, token)) return true;
      token = tokenEnd;
    }
    return false;
  }
  return false;
}
