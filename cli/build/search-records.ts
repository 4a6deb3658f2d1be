import {
  COLON,
  EXCLUDED,
  FULL_STOP,
  HEADING,
  hasExcludedClass,
  INLINE,
  isSpace,
  RAW,
  tagKind,
  VOID,
} from './search-tags.ts';
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
 * A tag or comment found by `nextTag`: where it starts and ends, and for a tag, whether it closes
 * and where its name is (its attributes run from the name's end to the `>`).
 */
export interface FoundTag {
  start: number;
  end: number;
  comment: boolean;
  closing: boolean;
  nameStart: number;
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
      tag.comment = false;
      tag.closing = closing;
      tag.nameStart = nameStart;
      tag.nameEnd = nameEnd;
      return true;
    }
    if (!closing && html.startsWith('!--', open + 1)) {
      const end = html.indexOf('-->', open + 4);
      if (end >= 0) {
        tag.start = open;
        tag.end = end + 3;
        tag.comment = true;
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
  // Whether `text` ends in white space: more of it would collapse into it (`collapse`), so it is not
  // added (a block's tags and the line breaks between them were most of the text's parts).
  let spaced = false;
  const space = () => {
    if (!spaced) text += ' ';
    spaced = true;
  };
  const add = (chunk: string) => {
    const word = endsInWord(chunk);
    if (word === undefined) return space();
    text += chunk;
    inWord = word;
    spaced = isSpace(chunk.charCodeAt(chunk.length - 1));
  };
  let classAt = main.indexOf('class="'); // the first at or after the last tag's name
  const tag: FoundTag = { start: 0, end: 0, comment: false, closing: false, nameStart: 0, nameEnd: 0 };
  while (nextTag(main, at, tag)) {
    if (skipping === 0 && tag.start > at) add(decode(main.slice(at, tag.start)));
    at = tag.end;
    if (tag.comment) continue; // React's between two texts: no space
    const kind = tagKind(main, tag.nameStart, tag.nameEnd);
    if (tag.closing) {
      if (skipping > 0) skipping -= 1;
      else if (kind & HEADING && headingFrom >= 0 && headingTo < 0) {
        headingTo = text.length;
        spaced = false; // the text after the heading is collapsed apart from it: its own space
      } else if (inWord && kind & (FULL_STOP | COLON)) {
        text += kind & COLON ? ':' : '.';
        inWord = false;
        spaced = false;
      }
      // Self-closed: its attributes (from the name's end to the '>') end in '/'.
    } else if (!(kind & VOID) && !(tag.end - 2 >= tag.nameEnd && main.charCodeAt(tag.end - 2) === 47)) {
      if (classAt >= 0 && classAt < tag.nameEnd) classAt = main.indexOf('class="', tag.nameEnd);
      if (skipping > 0 || kind & EXCLUDED || hasExcludedClass(main, tag.nameEnd, tag.end - 1, classAt)) skipping += 1;
      else if (kind & HEADING && headingFrom < 0) headingFrom = text.length;
      if (kind & RAW) {
        // Its end tag as the name is in lower case (`</script`, `</style`).
        const end = main.indexOf(tag.nameEnd - tag.nameStart === 6 ? '</script' : '</style', at);
        at = end < 0 ? main.length : end;
      }
    }
    if (!(kind & INLINE)) space();
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
