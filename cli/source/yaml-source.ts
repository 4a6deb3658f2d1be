import { LineCounter, parseDocument, isNode, type Document } from 'yaml';
import { problem, type Problem } from '../errors/site-error.ts';

export type FieldPath = ReadonlyArray<PropertyKey>;

/** Parsed YAML that can still say on which line a field stands, for error messages. */
export interface YamlSource {
  file: string;
  data: unknown;
  problems: Problem[];
  lineOf(path: FieldPath): number | undefined;
}

/**
 * Parse YAML keeping positions. `lineOffset` is the number of lines before the YAML text in
 * its file (front matter starts after the opening ---), so reported lines match the editor.
 */
export function parseYaml(text: string, file: string, lineOffset = 0): YamlSource {
  const lineCounter = new LineCounter();
  // The core schema keeps dates as strings: the zod schemas decide what a date is.
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
