import fc from 'fast-check';
import type { ContentFiles } from '../../../cli/content/read.ts';
import { fault, type Fault } from './fault.ts';
import { brokenMarkdown, expandingYaml, hostileString, hostileValue, overwhelmingMarkdown } from './hostile-text.ts';
import { deleteAt, getAt, pathsOf, putTogether, setAt, takeApart, type Parts, type Path } from './yaml-edit.ts';

interface Target {
  path: string;
  text: string;
  parts: Parts;
  paths: Path[];
  markdown: boolean;
  dutch: boolean;
}

const notPlain = (value: unknown) => value === null || typeof value !== 'string';

/**
 * One mistake in one file: a field with a value of the wrong type (or an odd one of the right
 * type), a missing field, an unknown field, or the text itself damaged (cut short, a character
 * inserted, a line lost or doubled, a tab, a missing ---), or harmless changes that must stay
 * harmless (CRLF line ends, a byte order mark, broken Markdown in the body).
 */
export function fileFaults(content: ContentFiles): fc.Arbitrary<Fault> {
  const targets: Target[] = content.files
    .filter((file) => file.path.startsWith('content/') && !/README\.md$/i.test(file.path))
    .map((file) => {
      const parts = takeApart(file.path, file.text);
      return {
        path: file.path,
        text: file.text,
        parts,
        paths: pathsOf(parts.data),
        markdown: file.path.endsWith('.md'),
        dutch: !file.path.startsWith('content/en/'),
      };
    });
  return fc.constantFrom(...targets).chain((target) => faultIn(target));
}

function faultIn(t: Target): fc.Arbitrary<Fault> {
  const only = (label: string, text: string, expect?: Parameters<typeof fault>[2]) =>
    fault(`${label} in ${t.path}`, [[t.path, text]], expect);
  const error = { kind: 'error' as const, file: t.path };
  const clean = { kind: 'clean' as const, file: t.path };
  const anyPath = fc.constantFrom(...t.paths);
  const offset = fc.integer({ min: 0, max: t.text.length });
  const lines = t.text.split('\n');
  const lineIndex = fc.integer({ min: 0, max: lines.length - 1 });
  const withLines = (edit: (copy: string[], index: number) => void) => (index: number) => {
    const copy = [...lines];
    edit(copy, index);
    return copy.join('\n');
  };
  // Titles are required text in every Markdown collection: a non-text title is always an error,
  // in the Dutch original and in a translation (which sets it).
  const titled = t.markdown && getAt(t.parts.data, ['title']) !== undefined;

  const arbitraries: Array<fc.Arbitrary<Fault>> = [
    fc
      .tuple(anyPath, hostileValue)
      .map(([path, value]) =>
        only(
          `${path.join('.')} = ${preview(value)}`,
          putTogether({ ...t.parts, data: setAt(t.parts.data, path, value) }),
        ),
      ),
    anyPath.map((path) =>
      only(`without ${path.join('.')}`, putTogether({ ...t.parts, data: deleteAt(t.parts.data, path) })),
    ),
    offset.map((at) => only(`cut at ${at}`, t.text.slice(0, at))),
    fc
      .tuple(offset, hostileString)
      .map(([at, text]) => only(`${preview(text)} inserted at ${at}`, t.text.slice(0, at) + text + t.text.slice(at))),
    lineIndex.map((i) => only(`line ${i + 1} lost`, withLines((copy, index) => copy.splice(index, 1))(i))),
    lineIndex.map((i) =>
      only(`line ${i + 1} doubled`, withLines((copy, index) => copy.splice(index, 0, copy[index]!))(i)),
    ),
    lineIndex.map((i) =>
      only(
        `tab on line ${i + 1}`,
        withLines((copy, index) => (copy[index] = `\t${copy[index]!.replace(/^ +/, '')}`))(i),
      ),
    ),
    fc.constant(only('CRLF line ends', t.text.replace(/\r?\n/g, '\r\n'), clean)),
    fc.constant(only('byte order mark', `\uFEFF${t.text}`, clean)),
    fc.constant(only('byte order mark and CRLF', `\uFEFF${t.text.replace(/\r?\n/g, '\r\n')}`, clean)),
  ];
  if (titled) {
    const wrongType = hostileValue.filter(notPlain);
    arbitraries.push(
      wrongType.map((value) =>
        only(
          `title = ${preview(value)}`,
          putTogether({ ...t.parts, data: setAt(t.parts.data, ['title'], value) }),
          error,
        ),
      ),
    );
    // Names every object has (inherited) must still be unknown fields, and of this file only.
    const unknownKey = fc.oneof(
      fc.string({ minLength: 1, maxLength: 8, unit: 'grapheme-ascii' }).map((key) => `x${key}`),
      fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'),
    );
    arbitraries.push(
      fc
        .tuple(unknownKey, fc.oneof(fc.constant<unknown>('value'), fc.constant<unknown>({ title: 'smuggled' })))
        .map(([key, value]) =>
          only(`unknown field ${key}`, putTogether({ ...t.parts, data: withOwnKey(t.parts.data, key, value) }), {
            ...error,
            only: true,
          }),
        ),
    );
  }
  if (t.markdown && t.dutch) {
    arbitraries.push(
      fc.constant(only('without title', putTogether({ ...t.parts, data: deleteAt(t.parts.data, ['title']) }), error)),
    );
  }
  if (t.markdown) {
    arbitraries.push(
      brokenMarkdown.map((body) => only('broken Markdown body', putTogether({ ...t.parts, body }), clean)),
    );
    arbitraries.push(
      overwhelmingMarkdown.map((body) =>
        only(`overwhelming Markdown body ${preview(body)}`, putTogether({ ...t.parts, body }), {
          ...error,
          code: 'MARKDOWN_TOO_COMPLEX',
        }),
      ),
    );
    // Without its closing line the front matter runs into the body (or to the end of the file).
    arbitraries.push(
      fc.constant(only('no closing ---', t.text.replace(/^(---\r?\n[\s\S]*?)\r?\n---[ \t]*(?=\r?\n|$)/, '$1'), error)),
    );
    arbitraries.push(
      fc.constant(
        only('no opening ---', t.text.replace(/^\uFEFF?---[ \t]*\r?\n/, ''), {
          ...error,
          code: 'FRONT_MATTER_MISSING',
        }),
      ),
    );
    arbitraries.push(
      expandingYaml.map((yaml) => only('expanding front matter', `---\n${yaml}---\n${t.parts.body ?? ''}`, error)),
    );
  } else {
    arbitraries.push(expandingYaml.map((yaml) => only('expanding YAML', yaml, error)));
  }
  return fc.oneof(...arbitraries);
}

/** The data with one more top-level key, defined as its own (`__proto__` too, as YAML means it). */
function withOwnKey(data: unknown, key: string, value: unknown): unknown {
  const copy = { ...(data as Record<string, unknown>) };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

export function preview(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}...(${text.length})` : text;
}
