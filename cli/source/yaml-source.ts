import { LineCounter, parseDocument, isNode, type Document } from 'yaml';
import { load, CORE_SCHEMA } from 'js-yaml';
import { problem, type Problem } from '../errors/site-error.ts';

export type FieldPath = ReadonlyArray<PropertyKey>;

/** Parsed YAML that can still say on which line a field stands, for error messages. */
export interface YamlSource {
  file: string;
  data: unknown;
  problems: Problem[];
  lineOf(path: FieldPath): number | undefined;
}

/** Anchors and aliases go to the careful parser, which limits how far aliases expand. */
const MAY_ALIAS = /(^|[\s[{,:-])[&*][^\s]/;

/**
 * Parse YAML. `lineOffset` is the number of lines before the YAML text in its file (front
 * matter starts after the opening ---), so reported lines match the editor's.
 *
 * Most files are fine, and positions are needed only to report a problem: js-yaml reads the
 * data (several times faster), and the position-keeping `yaml` parser runs only when a line
 * is asked for or the text does not parse (its messages are the clearer ones).
 */
export function parseYaml(text: string, file: string, lineOffset = 0): YamlSource {
  if (!MAY_ALIAS.test(text)) {
    try {
      // The core schema keeps dates as strings, as `yaml` does: the zod schemas decide what a date is.
      const data = load(text, { schema: CORE_SCHEMA, filename: file }) ?? null;
      let precise: YamlSource | undefined;
      return { file, data, problems: [], lineOf: (path) => (precise ??= parseWithPositions(text, file, lineOffset)).lineOf(path) };
    } catch {
      // Reported below, by the parser with positions.
    }
  }
  return parseWithPositions(text, file, lineOffset);
}

function parseWithPositions(text: string, file: string, lineOffset: number): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const lineAt = (offset: number) => lineCounter.linePos(offset).line + lineOffset;
  const problems = doc.errors.map((error) =>
    problem('YAML_SYNTAX', { problem: firstLine(error.message) }, { location: { file, line: lineAt(error.pos[0]) } }),
  );
  return {
    file,
    data: problems.length ? undefined : doc.toJS({ maxAliasCount: 100 }),
    problems,
    lineOf: (path) => lineOfPath(doc, path, lineAt),
  };
}

function lineOfPath(doc: Document, path: FieldPath, lineAt: (offset: number) => number): number | undefined {
  // A missing field has no node: point at the closest ancestor that exists.
  for (let depth = path.length; depth >= 0; depth--) {
    const keys = path.slice(0, depth) as unknown[];
    const node = depth === 0 ? doc.contents : doc.getIn(keys, true);
    if (isNode(node) && node.range) {
      const keyLine = depth > 0 ? keyLineOf(doc, keys) : undefined;
      return keyLine !== undefined ? lineAt(keyLine) : lineAt(node.range[0]);
    }
  }
  return undefined;
}

/** The offset of the key of a mapping entry, so `date: tomorrow` points at `date`, not the value. */
function keyLineOf(doc: Document, keys: unknown[]): number | undefined {
  const parent = keys.length > 1 ? doc.getIn(keys.slice(0, -1), true) : doc.contents;
  const last = keys[keys.length - 1];
  if (parent && typeof parent === 'object' && 'items' in parent && Array.isArray(parent.items)) {
    for (const item of parent.items as unknown[]) {
      if (item && typeof item === 'object' && 'key' in item) {
        const key = (item as { key: unknown }).key;
        if (isNode(key) && 'value' in key && (key as { value: unknown }).value === last && key.range) return key.range[0];
      }
    }
  }
  return undefined;
}

const firstLine = (text: string) => text.split('\n')[0] ?? text;
