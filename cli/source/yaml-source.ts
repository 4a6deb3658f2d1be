import type { Document } from 'yaml';
import { load, CORE_SCHEMA } from 'js-yaml';
import { problem, type Problem } from '../errors/site-error.ts';
import { flatYaml } from './flat-yaml.ts';
import { documentData, isTree, parseSafely, TOO_DEEP, tooDeep, tooDeepAt, yamlParser } from './yaml-data.ts';

export type FieldPath = ReadonlyArray<PropertyKey>;

/** Parsed YAML that can still say on which line a field stands, for error messages. */
export interface YamlSource {
  file: string;
  data: unknown;
  problems: Problem[];
  /**
   * With a syntax error: what the parser made of the rest of the file. Never published; only
   * read to check other files' references to it (issue 20: a YAML error in clubs.yaml must not
   * hide an event at an unknown club).
   */
  partial?: unknown;
  lineOf(path: FieldPath): number | undefined;
}

/**
 * Text that may hold anchors and aliases. Markdown's **bold** in a text block looks the same, so
 * such text is still read by js-yaml; only data that really shares a part goes to the careful
 * parser, which limits how far aliases expand (see isTree).
 */
const MAY_ALIAS = /(^|[\s[{,:-])[&*][^\s]/;

/**
 * Parse YAML. `lineOffset` is the number of lines before the YAML text in its file (front
 * matter starts after the opening ---), so reported lines match the editor's.
 *
 * Most files are fine, and positions are needed only to report a problem: js-yaml reads the
 * data (several times faster), and the position-keeping `yaml` parser runs only when a line
 * is asked for, the text does not parse (its messages are the clearer ones), or aliases share
 * a list or mapping (it limits their expansion).
 */
export function parseYaml(text: string, file: string, lineOffset = 0): YamlSource {
  // Nearly all front matter: one `key: value` a line, read ~6x faster than by js-yaml, and flat,
  // so neither too deep (checked below) nor aliased (flat-yaml.ts).
  const flat = flatYaml(text);
  if (flat) return withLines(text, file, lineOffset, flat);
  const deep = tooDeepAt(text);
  if (deep !== undefined) {
    return {
      file,
      data: undefined,
      problems: [problem('YAML_SYNTAX', { problem: TOO_DEEP }, { location: { file, line: deep + lineOffset } })],
      lineOf: () => undefined,
    };
  }
  try {
    // The core schema keeps dates as strings, as `yaml` does: the zod schemas decide what a date is.
    const data = load(text, { schema: CORE_SCHEMA, filename: file }) ?? null;
    if (!MAY_ALIAS.test(text) || isTree(data)) return withLines(text, file, lineOffset, data);
  } catch {
    // Reported below, by the parser with positions.
  }
  return parseWithPositions(text, file, lineOffset);
}

/** Data read without errors; its lines are found by the parser with positions, when first asked for. */
function withLines(text: string, file: string, lineOffset: number, data: unknown): YamlSource {
  let precise: YamlSource | undefined;
  return {
    file,
    data,
    problems: [],
    lineOf: (path) => (precise ??= parseWithPositions(text, file, lineOffset)).lineOf(path),
  };
}

function parseWithPositions(text: string, file: string, lineOffset: number): YamlSource {
  const lineCounter = new (yamlParser().LineCounter)();
  const doc = parseSafely(text, lineCounter);
  if (!yamlParser().isDocument(doc)) {
    return {
      file,
      data: undefined,
      problems: [problem('YAML_SYNTAX', { problem: doc.problem }, { location: { file, line: lineOffset + 1 } })],
      lineOf: () => undefined,
    };
  }
  const lineAt = (offset: number) => lineCounter.linePos(offset).line + lineOffset;
  // Only the first syntax error: after it the parser is out of step, and what follows (often a
  // dozen lines of "Implicit keys need to be on a single line") repeats the same mistake.
  const problems = doc.errors
    .slice(0, 1)
    .map((error) =>
      problem(
        'YAML_SYNTAX',
        { problem: tooDeep(firstLine(error.message)) },
        { location: { file, line: lineAt(error.pos[0]) } },
      ),
    );
  const read = documentData(doc);
  if (!problems.length && 'problem' in read)
    problems.push(problem('YAML_SYNTAX', { problem: read.problem }, { location: { file, line: lineAt(read.offset) } }));
  const readable = 'data' in read ? read.data : undefined;
  return {
    file,
    data: problems.length ? undefined : readable,
    ...(problems.length && readable !== undefined ? { partial: readable } : {}),
    problems,
    lineOf: (path) => lineOfPath(doc, path, lineAt),
  };
}

/**
 * The line of the field at `path`: its key's line in a mapping, its first line in a list. A
 * missing field points at the closest ancestor that exists. Keys are matched by their text,
 * since YAML reads `500:` as the number 500 while the data (and zod's path) has the key "500".
 */
function lineOfPath(doc: Document, path: FieldPath, lineAt: (offset: number) => number): number | undefined {
  const { isMap, isNode, isScalar, isSeq } = yamlParser();
  let node: unknown = doc.contents;
  let line = isNode(node) && node.range ? lineAt(node.range[0]) : undefined;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(key));
      if (!pair) break;
      if (isNode(pair.key) && pair.key.range) line = lineAt(pair.key.range[0]);
      node = pair.value;
    } else if (isSeq(node) && typeof key === 'number') {
      const item = node.items[key];
      if (!isNode(item) || !item.range) break;
      line = lineAt(item.range[0]);
      node = item;
    } else break;
  }
  return line;
}

const firstLine = (text: string) => text.split('\n')[0] ?? text;
