import { VOID_ELEMENTS } from '../../shared/void-elements.ts';
import { words } from '../../shared/search-words.ts';

/**
 * What the index keeps of a page: its title, the text of its <main> (for the excerpt), and each
 * term with how often it is in the title and in the body.
 */
export interface SearchRecord {
  title: string;
  text: string;
  terms: Record<string, [title: number, body: number]>;
}

/** Parts of <main> every page of their kind repeats (they would match every search), forms, and what is not text. */
const EXCLUDED_CLASSES = ['crumbs', 'signup-call', 'article-foot'];
const EXCLUDED_TAGS = new Set(['form', 'site-island', 'script', 'style', 'template', 'noscript', 'svg']);
/** Elements that may sit inside a word: no space between their text and the text around them. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'cite',
  'code',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
]);

/** Elements without content (and SVG's self-closed ones): nothing to skip inside them. */
const VOID = new Set<string>(VOID_ELEMENTS);
/** Elements whose content is not HTML: skipped to their end tag. */
const RAW = new Set(['script', 'style']);

const excluded = (name: string, attributes: string) =>
  EXCLUDED_TAGS.has(name) ||
  (attributes.includes('class') &&
    (/\bclass="([^"]*)"/
      .exec(attributes)?.[1]
      ?.split(/\s+/)
      .some((one) => EXCLUDED_CLASSES.includes(one)) ??
      false));

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/** Text with its character references (the build's pages are React's and markdown-it's: these, and numbers) as characters. */
const decode = (text: string) =>
  text.includes('&')
    ? text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
        if (name[0] !== '#') return Object.hasOwn(ENTITIES, name.toLowerCase()) ? ENTITIES[name.toLowerCase()]! : whole;
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      })
    : text;

/**
 * Each run of white space as one space: the runs that are not one space already (a text has one
 * between most of its words; replacing each of those by itself took most of this function's time).
 */
const collapse = (text: string) => text.replace(/\s{2,}|[^\S ]/g, ' ').trim();

/** Blocks whose text ends a sentence (a definition's term ends in a colon), and the mark it ends with. */
const SENTENCE_END: Record<string, string> = { p: '.', li: '.', dd: '.', dt: ':', blockquote: '.', figcaption: '.' };
for (const level of [1, 2, 3, 4, 5, 6]) SENTENCE_END[`h${level}`] = '.';

/**
 * A block that ends without a mark of its own gets one, so that an excerpt reads "Wanneer.
 * Zaterdag 12 juli. Prijs: 25 euro" and not "Wanneer Zaterdag 12 juli Prijs 25 euro" (headings,
 * paragraphs and a definition's term run into the text after them).
 */
function endSentence(parts: string[], mark: string) {
  for (let at = parts.length - 1; at >= 0; at -= 1) {
    const text = parts[at]!.trimEnd();
    if (!text) continue;
    if (/[\p{L}\p{N}]$/u.test(text)) parts.push(mark);
    return;
  }
}

const isLetter = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
const isNameCharacter = (code: number) => isLetter(code) || (code >= 48 && code <= 57) || code === 45;

/**
 * A tag or comment found by `nextTag`: where it starts and ends, and for a tag, whether it closes,
 * its name as written and where its name ends (its attributes run from there to the `>`).
 */
export interface FoundTag {
  start: number;
  end: number;
  closing: boolean;
  name: string | undefined;
  nameEnd: number;
}

/**
 * The next tag (`<`, an optional `/`, a letter and letters, digits or hyphens, anything up to the
 * first `>`) or comment (`<!--` to the first `-->` after it) at or after `from`, into `tag`; false
 * when there is none. As the regular expression `<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>|<!--[\s\S]*?-->`
 * finds them, without its match arrays and substrings: it was a third of the scan of a page's text.
 */
export function nextTag(html: string, from: number, tag: FoundTag): boolean {
  for (let open = html.indexOf('<', from); open >= 0; open = html.indexOf('<', open + 1)) {
    const closing = html.charCodeAt(open + 1) === 47; // '/'
    const nameStart = closing ? open + 2 : open + 1;
    if (isLetter(html.charCodeAt(nameStart))) {
      const close = html.indexOf('>', nameStart);
      if (close < 0) return false; // no '>' from here on: no tag, and no comment's end either
      let nameEnd = nameStart + 1;
      while (isNameCharacter(html.charCodeAt(nameEnd))) nameEnd++;
      tag.start = open;
      tag.end = close + 1;
      tag.closing = closing;
      tag.name = html.slice(nameStart, nameEnd);
      tag.nameEnd = nameEnd;
      return true;
    }
    if (!closing && html.startsWith('!--', open + 1)) {
      const end = html.indexOf('-->', open + 4);
      if (end >= 0) {
        tag.start = open;
        tag.end = end + 3;
        tag.name = undefined;
        return true;
      }
    }
  }
  return false;
}

/**
 * The text of <main> without the excluded parts and its first <h1>, and the text of that <h1>. A scan of the
 * tags rather than an HTML parser: the pages are the build's own, well formed (htmlparser2 took
 * three quarters of a cold build's search stage, 0.65 s for 4,100 pages).
 */
function mainText(main: string): { text: string; heading: string } {
  const parts: string[] = [];
  let heading: { from: number; to?: number } | undefined;
  let skipping = 0; // elements open inside an excluded one, itself included
  let at = 0;
  const tag: FoundTag = { start: 0, end: 0, closing: false, name: undefined, nameEnd: 0 };
  while (nextTag(main, at, tag)) {
    if (skipping === 0 && tag.start > at) parts.push(decode(main.slice(at, tag.start)));
    at = tag.end;
    if (tag.name === undefined) continue; // a comment (React's between two texts): no space
    const name = tag.name.toLowerCase();
    // Self-closed: its attributes (from the name's end to the '>') end in '/'.
    const selfClosed = tag.end - 2 >= tag.nameEnd && main.charCodeAt(tag.end - 2) === 47;
    if (tag.closing) {
      if (skipping > 0) skipping -= 1;
      else if (name === 'h1' && heading && heading.to === undefined) heading.to = parts.length;
      else if (Object.hasOwn(SENTENCE_END, name)) endSentence(parts, SENTENCE_END[name]!);
    } else if (!VOID.has(name) && !selfClosed) {
      if (skipping > 0 || excluded(name, main.slice(tag.nameEnd, tag.end - 1))) skipping += 1;
      else if (name === 'h1') heading ??= { from: parts.length };
      if (RAW.has(name)) {
        const end = main.indexOf(`</${name}`, at);
        at = end < 0 ? main.length : end;
      }
    }
    if (!INLINE.has(name)) parts.push(' ');
  }
  if (skipping === 0) parts.push(decode(main.slice(at)));
  if (!heading) return { text: collapse(parts.join('')), heading: '' };
  // The heading is the result's title: the excerpt under it starts with the text, not the title again.
  const { from, to = parts.length } = heading;
  return {
    text: collapse(parts.slice(0, from).join('') + parts.slice(to).join('')),
    heading: collapse(parts.slice(from, to).join('')),
  };
}

/**
 * A page's record, from its HTML: the text of <main> (without the breadcrumb, the sign-up call,
 * the article's foot and forms: the header and footer are on every page and would match every
 * search), and as its title the first <h1> in it, else the page's <title>.
 */
export function pageRecord(html: string): SearchRecord {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  const { text, heading } = start >= 0 && end > start ? mainText(html.slice(start, end)) : { text: '', heading: '' };
  const title = heading || collapse(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''));
  // No prototype: "constructor" is a word of English pages, and `{}` already has one.
  const terms: SearchRecord['terms'] = Object.create(null);
  for (const word of words(title)) (terms[word] ??= [0, 0])[0] += 1;
  for (const word of words(text)) (terms[word] ??= [0, 0])[1] += 1;
  return { title, text, terms };
}

/**
 * Each term of a page and its counts in one flat list, `[term, title, body, term, title, body, ...]`:
 * parsed from JSON (the records memo, a render worker's record) three times faster than an object
 * of a page's terms, and walked ten times faster (4,100 pages: 37 against 110 ms, 2 against 32).
 */
export type TermCounts = Array<string | number>;

/** Calls `each` with each term of `terms` and its counts. */
export function forEachTerm(terms: TermCounts, each: (term: string, title: number, body: number) => void): void {
  for (let at = 0; at < terms.length; at += 3)
    each(terms[at] as string, terms[at + 1] as number, terms[at + 2] as number);
}

/**
 * A record as the index is assembled from it: its terms, and its title and text as the JSON the
 * page records file shows them in (`["title","text"]`), put in as they are: most of a record's
 * bytes are its text, and an edit build would otherwise parse and write it again for every page.
 */
export interface IndexedPage {
  terms: TermCounts;
  shown: string;
}

export function indexedPage(record: SearchRecord): IndexedPage {
  const terms: TermCounts = [];
  for (const term in record.terms) {
    const [title, body] = record.terms[term]!;
    terms.push(term, title, body); // not `...counts`: spreading them took half of this function's time
  }
  return { terms, shown: JSON.stringify([record.title, record.text]) };
}
