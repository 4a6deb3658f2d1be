/**
 * The flat front matter reader (cli/source/flat-yaml.ts, issue 21) against js-yaml, which reads
 * whatever it declines: on every text below it either declines or gives what js-yaml gives (same
 * keys in the same order, same values and types, a plain object); never a value where js-yaml
 * throws. The texts: every front matter and data file of content/, each edge value after each
 * kind of key, and whole texts around lines, blank lines, CR, tabs and repeated keys. Careless
 * readers fail the same comparison, so the edges have teeth.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { CORE_SCHEMA, load } from 'js-yaml';
import { frontMatterParts } from '../../cli/content/front-matter.ts';
import { flatYaml } from '../../cli/source/flat-yaml.ts';
import { parseYaml } from '../../cli/source/yaml-source.ts';
import { TOO_DEEP } from '../../cli/source/yaml-data.ts';

type Reader = (text: string) => Record<string, unknown> | undefined;

/** What js-yaml makes of the text, as parseYaml reads it, in a form that compares order and prototype (isDeepStrictEqual: values by Object.is). */
function jsYaml(text: string): unknown {
  try {
    return shape(load(text, { schema: CORE_SCHEMA }) ?? null);
  } catch (error) {
    return `throws: ${(error as Error).message.split('\n')[0]}`;
  }
}

const shape = (data: unknown) =>
  data !== null && typeof data === 'object'
    ? { prototype: Object.getPrototypeOf(data), entries: Object.entries(data) }
    : data;

/** The texts the reader accepts but reads otherwise than js-yaml. */
function disagreements(
  reader: Reader,
  texts: readonly string[],
): Array<{ text: string; read: unknown; jsYaml: unknown }> {
  return texts.flatMap((text) => {
    const read = reader(text);
    if (read === undefined) return [];
    const expected = jsYaml(text);
    return isDeepStrictEqual(shape(read), expected) ? [] : [{ text, read: shape(read), jsYaml: expected }];
  });
}

const contentTexts = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    if (!entry.isFile() || !/\.(md|ya?ml)$/.test(entry.name)) return [];
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    return entry.name.endsWith('.md') ? [frontMatterParts(text)?.yaml ?? ''] : [text];
  });

const keys = [
  'id',
  'title',
  'a-b',
  'a_b',
  'A1',
  'on',
  'yes',
  'y',
  'true',
  'True',
  'null',
  'NULL',
  'nULL',
  '~',
  '1',
  '0x1',
];
const oddKeys = ['_a', '-a', '__proto__', 'constructor', 'toString', '<<', 'a b', 'a.b', 'é', '"q"', "'q'", '? q'];
const long = 'x'.repeat(5000);
const values = [
  ...['', ' ', '0', '00', '0123', '1', '10', '-1', '+1', '-0', '+0', '1_000', '1,000', '0x1F', '0o17', '0b101', '08'],
  ...['1e3', '1E3', '.5', '5.', '1.0', '.inf', '-.inf', '.NaN', '9007199254740991', '9007199254740993'],
  ...['123456789012345', '1234567890123456', '1 2', '12 ', '~', '~a'],
  ...['null', 'Null', 'NULL', 'nULL', 'true', 'True', 'TRUE', 'tRUE', 'false', 'False', 'FALSE', 'fALSE'],
  ...['yes', 'Yes', 'YES', 'no', 'No', 'on', 'On', 'ON', 'off', 'Off', 'OFF', 'y', 'Y', 'n', 'N', '=', '<<'],
  ...['2024-01-02', '2024-01-02T10:00:00Z', '12:30', 'a: b', 'a:b', 'a:', 'a #b', 'a#b', '#a', 'a  b', 'a\tb'],
  ...['a ', 'a  ', 'a\t', '\ta', 'a\u00A0', '\u00A0a', 'a\u0085b', 'a\u2028b', 'a\uFEFFb', 'a\u007Fb', 'a\u0000b'],
  ...['"a"', '"a" ', '"a"b', '"a" #c', '"a\\"b"', '"a\\nb"', '"a\\\\"', '"a\'b"', '"a#b"', '"a: b"', '"  a  "', '""'],
  ...['"a', 'a"', '"a\tb"', '"a\u0085b"', '"\uFEFF"', '"a\u007Fb"', `"${long}"`, long, `a ${long}`],
  ...["'a'", "'a''b'", "''", "'a", "Don't", 'a "b"', 'a, b', 'a [b]', 'a {b}', 'a]', '[a]', '{a: 1}', '[]', '{}'],
  ...['- a', 'a - b', '-a', '-', '?a', '? a', 'a?', '!a', '!!str a', '!!int 1', '&a b', '*a', 'a &b', 'a *b*'],
  ...['|', '>', '|-', 'a |', 'a >', '%a', '@a', '`a`', 'a`', 'a\\b', 'a/b', 'a.', 'a...', '---', '...', 'a ---'],
  ...['Ça va', 'café', 'naïve', '日本語', 'emoji 😀', '😀', '"😀"', 'lone \uD800', '"lone \uDC00"', 'a\uD83D'],
  ...['Tom & Jerry', 'a & b', '100%', 'a=b', 'x+y', 'Q&A (2024)', 'a;b', 'a<b>', 'https://x.nl', 'mailto:a'],
];
const valueTexts = [...keys, ...oddKeys].flatMap((key) =>
  values.flatMap((value) => [`${key}: ${value}\n`, `${key}:${value}\n`, `${key}:   ${value}\n`, `${key}: ${value}`]),
);
const documentTexts = [
  ...['a: 1\nb: 2\n', 'a: 1\na: 2\n', 'a: 1\nA: 2\n', 'Null: 1\nnull: 2\n', 'a: 1\n\nb: 2\n', '\n\na: 1\n\n'],
  ...['a: 1\n  b: 2\n', 'a:\n  b: 2\n', 'a:\n- x\n', 'a:\n  - x\n', 'a: x\n  y\n', 'a: x\ny\n', 'a: x\n y: z\n'],
  ...['a: 1\n# c\n', '# c\na: 1\n', 'a: 1 # c\n', '---\na: 1\n', 'a: 1\n---\n', 'a: 1\n---\nb: 2\n', 'a: 1\n...\n'],
  ...['\uFEFFa: 1\n', 'a: 1\r\nb: 2\r\n', 'a: 1\rb: 2\n', 'a: 1', '', '\n', ' ', ' a: 1\n', '\ta: 1\n'],
  ...['a: 1\n \n', 'a: 1\n\t\n', 'a: "x\n  y"\n', 'a: "x\ny"\n', "a: 'x\n  y'\n", 'a: |\n  x\n', 'a: >\n  x\n'],
  ...['a: &x 1\nb: *x\n', '<<: {a: 1}\n', 'a: 1\n<<: {b: 2}\n', 'a: 1\n%YAML 1.2\n', '%YAML 1.2\n---\na: 1\n'],
  `title: "${'['.repeat(300)}"\n`,
  `title: "${'{'.repeat(200)}"\nsummary: "${'['.repeat(100)}"\n`,
  `title: "${'['.repeat(256)}"\n`,
];
const sampleTexts = [...contentTexts('content'), ...valueTexts, ...documentTexts];

describe('flatYaml', () => {
  test('reads every text it accepts as js-yaml does', () => {
    expect(disagreements(flatYaml, sampleTexts)).toEqual([]);
  });

  test("accepts the site's front matter and the common lines", () => {
    const content = contentTexts('content');
    expect(content.filter((text) => flatYaml(text)).length).toBeGreaterThan(content.length / 5);
    expect(
      flatYaml('id: 12\ntitle: "Een titel: met dubbele punt"\nimage: court-clay-1\ndraft: true\nsummary:\n'),
    ).toEqual({
      id: 12,
      title: 'Een titel: met dubbele punt',
      image: 'court-clay-1',
      draft: true,
      summary: null,
    });
  });

  test('declines what it cannot be sure of', () => {
    for (const text of [
      'a: 1\na: 2\n',
      'a: 0123\n',
      'a: yes #no\n',
      'a:\n  b: 1\n',
      'a: 1\r\n',
      '\uFEFFa: 1\n',
      'true: 1\n',
    ])
      expect(flatYaml(text), text).toBeUndefined();
  });

  test('random lines of edge characters: declined or read as js-yaml does', () => {
    const char = fc.constantFrom(...'aZ09 _-:#"\'\\\t\r\n[]{},&*!|>%@`~?.+=é😀\u00A0\u0085\uFEFF'.split(/(?:)/u));
    const line = fc.tuple(fc.constantFrom(...keys, 'x'), fc.string({ unit: char, maxLength: 12 }));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 4 }), (lines) => {
        const text = lines.map(([key, rest]) => `${key}:${rest}`).join('\n');
        expect(disagreements(flatYaml, [text])).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  // Readers that are nearly right: each is caught by the comparison above.
  test.each<[string, Reader]>([
    [
      'words as strings',
      (text) => mapValues(flatYaml(text), (value) => (typeof value === 'boolean' ? String(value) : value)),
    ],
    ['empty values as empty strings', (text) => mapValues(flatYaml(text), (value) => value ?? '')],
    [
      'integers as strings',
      (text) => mapValues(flatYaml(text), (value) => (typeof value === 'number' ? String(value) : value)),
    ],
    ['numbers by Number()', naive],
    [
      'a null prototype',
      (text) => {
        const read = flatYaml(text);
        return read && Object.assign(Object.create(null), read);
      },
    ],
  ])('a careless reader (%s) disagrees', (_, reader) => {
    expect(disagreements(reader, sampleTexts)).not.toEqual([]);
  });
});

describe('parseYaml with flat front matter', () => {
  test('still finds lines and still reports text too deep to read', () => {
    const source = parseYaml('id: 1\ntitle: x\n\nimage: y\n', 'news/1.md', 1);
    expect(source.data).toEqual({ id: 1, title: 'x', image: 'y' });
    expect([source.lineOf(['image']), source.lineOf(['title'])]).toEqual([5, 3]);
    const deep = parseYaml(`title: "${'['.repeat(300)}"\n`, 'news/2.md', 1);
    expect(deep.problems.map((found) => [found.code, found.location?.line])).toEqual([['YAML_SYNTAX', 2]]);
    expect(deep.problems[0]?.message).toContain(TOO_DEEP);
  });
});

function mapValues(data: Record<string, unknown> | undefined, map: (value: unknown) => unknown) {
  return data && Object.fromEntries(Object.entries(data).map(([key, value]) => [key, map(value)]));
}

/** `key: value` split at the first colon; quotes dropped; whatever Number() reads is a number. */
function naive(text: string): Record<string, unknown> | undefined {
  const lines = text.split('\n').filter(Boolean);
  if (!lines.length || lines.some((line) => !/^[A-Za-z][\w-]*:/.test(line))) return undefined;
  return Object.fromEntries(
    lines.map((line) => {
      const value = line.slice(line.indexOf(':') + 1).replace(/^ /, '');
      const unquoted = value.replace(/^"(.*)"\s*$/, '$1');
      return [
        line.slice(0, line.indexOf(':')),
        value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : unquoted,
      ];
    }),
  );
}
