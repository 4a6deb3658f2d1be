import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type { Document, LineCounter } from 'yaml';

let yamlModule: typeof Yaml | undefined;

/**
 * The position-keeping `yaml` parser, loaded when first needed: most builds never ask for a line
 * (js-yaml reads the data), and loading it costs every build process ~0.07 s of CPU (issue 21).
 */
export const yamlParser = (): typeof Yaml => (yamlModule ??= createRequire(import.meta.url)('yaml') as typeof Yaml);

/** Alias expansions allowed per file: content uses a handful; a "billion laughs" file needs millions. */
export const MAX_ALIASES = 100;

/**
 * Lists or mappings nested hundreds of levels deep (`- - - - ...`) overflow the parser's stack,
 * which `yaml` sometimes reports as an error and sometimes throws (found by content fuzzing,
 * issue 11). No content file nests more than a few levels: either way it is this problem.
 */
export const TOO_DEEP =
  'lists or mappings are nested too deeply to read (hundreds of levels); check the indentation and the - and [ signs';

export const tooDeep = (message: string): string => (/call stack/i.test(message) ? TOO_DEEP : message);

/** Far deeper than any content file, far shallower than what overflows the parsers (~1,000). */
export const MAX_DEPTH = 256;

/**
 * The 1-based line where the text nests deeper than MAX_DEPTH, by a cheap over-estimate:
 * indentation, plus two per compact `- ` on the line, plus unclosed [ and {. Checked before
 * parsing because a stack overflow is not always a catchable error: when it happens while V8
 * compiles a regular expression, the process aborts ("RegExpCompiler Allocation failed").
 */
export function tooDeepAt(text: string): number | undefined {
  let flow = 0;
  let line = 1;
  let start = 0;
  while (start <= text.length) {
    const end = text.indexOf('\n', start) === -1 ? text.length : text.indexOf('\n', start);
    const indent = /^[ \t]*((?:[-?:][ \t]+)*)/.exec(text.slice(start, Math.min(end, start + 4 * MAX_DEPTH)))!;
    const block = indent[0]!.length - indent[1]!.length + 2 * (indent[1]!.match(/[-?:]/g) ?? []).length;
    if (block + flow > MAX_DEPTH) return line;
    for (let i = start; i < end; i++) {
      const char = text.charCodeAt(i);
      if (char === 91 || char === 123) {
        if (block + ++flow > MAX_DEPTH) return line; // [ {
      } else if ((char === 93 || char === 125) && flow > 0) flow--; // ] }
    }
    start = end + 1;
    line++;
  }
  return undefined;
}

/** parseDocument, with a stack overflow turned into TOO_DEEP instead of thrown. */
export function parseSafely(text: string, lineCounter: LineCounter): Document | { problem: string } {
  try {
    return yamlParser().parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  } catch (error) {
    if (error instanceof RangeError) return { problem: TOO_DEEP };
    throw error;
  }
}

export type DocumentData = { data: unknown } | { problem: string; offset: number };

/**
 * A parsed document as plain data, or why it cannot be (issue 11, found by content fuzzing).
 * `yaml` throws, instead of reporting, for an alias whose anchor is not set before it and for
 * aliases that expand past MAX_ALIASES; and for an alias inside its own anchor (`a: &a [*a]`) it
 * builds a cyclic object, on which validation would recurse until the stack runs out. Each is
 * one problem at the first alias of the file.
 */
export function documentData(doc: Document): DocumentData {
  const alias = firstAlias(doc);
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    return { problem: aliasProblem(error), offset: alias?.offset ?? 0 };
  }
  if (alias && isCyclic(data)) {
    return {
      problem: `an alias (*${alias.name}) stands inside its own anchor (&${alias.name}), so the value would never end`,
      offset: alias.offset,
    };
  }
  return { data };
}

function aliasProblem(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  if (/excessive alias count/i.test(message))
    return `aliases (*name) expand to too much data (more than ${MAX_ALIASES} uses); write the values out instead`;
  return message || 'the aliases in this file cannot be expanded';
}

function firstAlias(doc: Document): { offset: number; name: string } | undefined {
  let found: { offset: number; name: string } | undefined;
  const { visit, isAlias } = yamlParser();
  visit(doc, {
    Alias(_, node) {
      if (isAlias(node)) found = { offset: node.range?.[0] ?? 0, name: node.source };
      return visit.BREAK;
    },
  });
  return found;
}

/** Whether a value contains itself. Shared (aliased) parts are walked once. */
function isCyclic(root: unknown): boolean {
  const onPath = new Set<object>();
  const done = new Set<object>();
  const walk = (value: unknown): boolean => {
    if (value === null || typeof value !== 'object' || done.has(value)) return false;
    if (onPath.has(value)) return true;
    onPath.add(value);
    const children = value instanceof Map ? [...value.values()] : Object.values(value);
    if (children.some(walk)) return true;
    onPath.delete(value);
    done.add(value);
    return false;
  };
  return walk(root);
}

/**
 * Whether no list or mapping is reached twice. js-yaml resolves an alias to the same object (it
 * does not copy), so a "billion laughs" file reads fast but would blow up every later walk over
 * it; data in which nothing is shared used no alias of a list or mapping, and is safe as read.
 */
export function isTree(root: unknown): boolean {
  const seen = new Set<object>();
  const walk = (value: unknown): boolean => {
    if (value === null || typeof value !== 'object') return true;
    if (seen.has(value)) return false;
    seen.add(value);
    return Object.values(value).every(walk);
  };
  return walk(root);
}
