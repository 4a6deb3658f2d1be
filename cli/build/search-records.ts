import { VOID_ELEMENTS } from '../../shared/void-elements.ts';
import { type TermCounts, termCounts } from './search-terms.ts';

export { forEachTerm, type TermCounts } from './search-terms.ts';

/**
 * What the index keeps of a page: its title, the text of its <main> (for the excerpt), and each
 * term with how often it is in the title and in the body.
 */
export interface SearchRecord {
  title: string;
  text: string;
  terms: TermCounts;
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
 * Whether a text, as far as it is not white space, ends in a letter or digit: a block ending there
 * gets a mark of its own, so that an excerpt reads "Wanneer. Zaterdag 12 juli. Prijs: 25 euro" and
 * not "Wanneer Zaterdag 12 juli Prijs 25 euro" (headings, paragraphs and a definition's term run
 * into the text after them). Undefined when it is all white space (the text before it decides).
 */
export function endsInWord(text: string): boolean | undefined {
  let at = text.length - 1;
  for (let code = text.charCodeAt(at); code === 32 || (code >= 9 && code <= 13); code = text.charCodeAt(--at));
  if (at < 0) return undefined;
  const code = text.charCodeAt(at);
  if (code < 128) return isNameCharacter(code) && code !== 45;
  // Beyond ASCII: white space of other kinds, a letter of two code units.
  const trimmed = text.slice(0, at + 1).trimEnd();
  return trimmed ? /[\p{L}\p{N}]$/u.test(trimmed) : undefined;
}

const isLetter = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
const isNameCharacter = (code: number) => isLetter(code) || (code >= 48 && code <= 57) || code === 45;

/**
 * A tag or comment found by `nextTag`: where it starts and ends, and for a tag, whether it closes,
 * its name as written, whether it has a capital, and where its name ends (its attributes run from
 * there to the `>`).
 */
export interface FoundTag {
  start: number;
  end: number;
  closing: boolean;
  name: string | undefined;
  capital: boolean;
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
      let capital = html.charCodeAt(nameStart) <= 90;
      let nameEnd = nameStart + 1;
      for (let code = html.charCodeAt(nameEnd); isNameCharacter(code); code = html.charCodeAt(++nameEnd))
        if (code >= 65 && code <= 90) capital = true;
      tag.capital = capital;
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
 * three quarters of a cold build's search stage, 0.65 s for 4,100 pages). The text is added to one
 * string, the heading's place in it kept by its length, and whether it ends in a word as it grows:
 * a list of parts, joined and looked back through at each block's end, was half of this function.
 */
function mainText(main: string): { text: string; heading: string } {
  let text = '';
  let inWord = false; // whether `text`, as far as it is not white space, ends in a letter or digit
  let headingFrom = -1;
  let headingTo = -1;
  let skipping = 0; // elements open inside an excluded one, itself included
  let at = 0;
  const add = (chunk: string) => {
    text += chunk;
    inWord = endsInWord(chunk) ?? inWord;
  };
  const tag: FoundTag = { start: 0, end: 0, closing: false, name: undefined, capital: false, nameEnd: 0 };
  while (nextTag(main, at, tag)) {
    if (skipping === 0 && tag.start > at) add(decode(main.slice(at, tag.start)));
    at = tag.end;
    if (tag.name === undefined) continue; // a comment (React's between two texts): no space
    const name = tag.capital ? tag.name.toLowerCase() : tag.name;
    // Self-closed: its attributes (from the name's end to the '>') end in '/'.
    const selfClosed = tag.end - 2 >= tag.nameEnd && main.charCodeAt(tag.end - 2) === 47;
    if (tag.closing) {
      if (skipping > 0) skipping -= 1;
      else if (name === 'h1' && headingFrom >= 0 && headingTo < 0) headingTo = text.length;
      else if (inWord && Object.hasOwn(SENTENCE_END, name)) {
        text += SENTENCE_END[name];
        inWord = false;
      }
    } else if (!VOID.has(name) && !selfClosed) {
      if (skipping > 0 || excluded(name, tag.end - 1 > tag.nameEnd ? main.slice(tag.nameEnd, tag.end - 1) : ''))
        skipping += 1;
      else if (name === 'h1' && headingFrom < 0) headingFrom = text.length;
      if (RAW.has(name)) {
        const end = main.indexOf(`</${name}`, at);
        at = end < 0 ? main.length : end;
      }
    }
    if (!INLINE.has(name)) text += ' ';
  }
  if (skipping === 0) text += decode(main.slice(at));
  if (headingFrom < 0) return { text: collapse(text), heading: '' };
  // The heading is the result's title: the excerpt under it starts with the text, not the title again.
  if (headingTo < 0) headingTo = text.length;
  return {
    text: collapse(text.slice(0, headingFrom) + text.slice(headingTo)),
    heading: collapse(text.slice(headingFrom, headingTo)),
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
  return { title, text, terms: termCounts(title, text) };
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
  return { terms: record.terms, shown: JSON.stringify([record.title, record.text]) };
}
