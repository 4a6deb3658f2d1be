import { problem, type Problem } from '../errors/site-error.ts';
import type { RawItem } from './collection-items.ts';
import { fieldValues } from './field-values.ts';
import { fieldName } from '../source/zod-problems.ts';
import { VOID_ELEMENTS } from '../../shared/void-elements.ts';

/**
 * Markdown no editor writes on purpose, only by pasting (issue 11, found by content fuzzing):
 * blockquotes, lists or HTML elements nested a hundred levels deep, and thousands of emphasis or
 * link marks in one paragraph. The first overflowed the stack of the Markdown renderer we used
 * before, the second ran for minutes (micromark is quadratic there); markdown-it stops nesting at
 * 100 levels without a word. An error at the line tells the editor instead. The limits are far
 * above any real text and far below the trouble.
 */
export const MARKDOWN_LIMITS = { depth: 100, marks: 1_000, brackets: 2_000 };

/** HTML elements whose end tag may be left out: an open one does not nest what follows. */
const UNNESTED = new Set<string>([
  ...VOID_ELEMENTS,
  'p',
  'li',
  'dt',
  'dd',
  'tr',
  'td',
  'th',
  'option',
  'optgroup',
  'thead',
  'tbody',
  'tfoot',
  'colgroup',
  'rt',
  'rp',
]);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^<>]*?(\/?)>/g;
const CONTAINERS = /^(?:[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)))*/;

/** Characters that can open a container (a quote, a bullet, an ordered item's number): other lines have none. */
const CONTAINER_START = /[>\-*+0-9]/;

/** A line that begins with more than `depth` characters that indent or open a container. */
const DEEP_START = new RegExp(`(?:^|\\n)[ \\t>\\-*+0-9.)]{${MARKDOWN_LIMITS.depth + 1}}`);

/** How many times `char` is in `text`, counted up to one more than `limit`. */
function occurrences(text: string, char: string, limit: number): number {
  let count = 0;
  for (let at = text.indexOf(char); at >= 0 && count <= limit; at = text.indexOf(char, at + 1)) count++;
  return count;
}

/**
 * Whether a text may pass a limit at all, by the whole text: nesting more than 100 levels deep
 * takes a line that begins with more than 100 characters of indent, quote marks, bullets and
 * numbers (each level one of them at least), or more than 100 `<` (an element opened each); more
 * than 1,000 marks or 2,000 brackets in a paragraph, as many in the text and a text that long. Real text
 * passes none and skips the scan line by line below: the string's own searches are ~5 x faster
 * than it (0.1 s of a cold build's validation at 4,000 sources).
 */
export function mayPassLimit(text: string): boolean {
  const { depth, marks, brackets } = MARKDOWN_LIMITS;
  if (DEEP_START.test(text)) return true;
  const tags = occurrences(text, '<', depth);
  if (tags > depth) return true;
  if (text.length <= marks && text.length <= brackets) return false;
  const markCount = occurrences(text, '*', marks) + occurrences(text, '_', marks) + occurrences(text, '~', marks);
  return markCount > marks || tags + occurrences(text, '[', brackets) > brackets;
}

/** Where, relative to the text (1-based line), the text passes a limit, and how. */
export const markdownTrouble = (markdown: string): Trouble | undefined =>
  mayPassLimit(markdown) ? scanLines(markdown) : undefined;

type Trouble = { line: number; problem: string };

/** `markdownTrouble` line by line, for a text that may pass a limit (exported for its test). */
export function scanLines(markdown: string): Trouble | undefined {
  const lines = markdown.split('\n');
  let html = 0;
  let marks = 0;
  let brackets = 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!line.trim()) {
      marks = 0; // emphasis and links do not cross a blank line
      brackets = 0;
      continue;
    }
    // The regular expressions run only on the lines they can match: most lines are plain text
    // (the scan was a sixth of a cold build's validation at 4,000 sources).
    let indent = 0;
    while (line[indent] === ' ' || line[indent] === '\t') indent++;
    const containers = CONTAINER_START.test(line.charAt(indent))
      ? (CONTAINERS.exec(line)![0].match(/>|[-*+]|\d{1,9}[.)]/g) ?? []).length
      : 0;
    if (Math.floor(indent / 2) + containers > MARKDOWN_LIMITS.depth) {
      return { line: index + 1, problem: `quotes or lists nested more than ${MARKDOWN_LIMITS.depth} levels deep` };
    }
    if (line.includes('<'))
      for (const [, closing, name, selfClosing] of line.matchAll(TAG)) {
        if (selfClosing || UNNESTED.has(name!.toLowerCase())) continue;
        html = closing ? Math.max(0, html - 1) : html + 1;
        if (html > MARKDOWN_LIMITS.depth)
          return { line: index + 1, problem: `HTML elements nested more than ${MARKDOWN_LIMITS.depth} levels deep` };
      }
    marks += (line.match(/[*_~]/g) ?? []).length;
    brackets += (line.match(/[[<]/g) ?? []).length;
    if (marks > MARKDOWN_LIMITS.marks)
      return { line: index + 1, problem: `more than ${MARKDOWN_LIMITS.marks} * _ ~ marks in one paragraph` };
    if (brackets > MARKDOWN_LIMITS.brackets)
      return { line: index + 1, problem: `more than ${MARKDOWN_LIMITS.brackets} [ and < in one paragraph` };
  }
  return undefined;
}

/** The Markdown texts of one content file: its body, and the fields its kind declares Markdown. */
export function markdownLimitProblems(item: RawItem): Problem[] {
  const problems: Problem[] = [];
  const report = (field: string, line: number, trouble: { problem: string }) =>
    problems.push(
      problem(
        'MARKDOWN_TOO_COMPLEX',
        { field, problem: trouble.problem },
        { location: { file: item.file, line }, field },
      ),
    );

  const body = markdownTrouble(item.source.body);
  if (body) report('(text)', item.source.bodyLine + body.line - 1, body);
  for (const { path, value } of item.markdown.flatMap((pattern) => fieldValues(item.source.meta.data, pattern))) {
    const trouble = typeof value === 'string' ? markdownTrouble(value) : undefined;
    if (trouble) report(fieldName(path), item.source.meta.lineOf(path) ?? 1, trouble);
  }
  return problems;
}
