import { CORE_SCHEMA, load } from 'js-yaml';
import { stringify } from 'yaml';

export type Path = Array<string | number>;

/** A content file taken apart: its YAML data, and for Markdown the body after the front matter. */
export interface Parts {
  data: unknown;
  body: string | undefined;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*\r?\n?([\s\S]*)$/;

export function takeApart(path: string, text: string): Parts {
  if (!path.endsWith('.md')) return { data: load(text, { schema: CORE_SCHEMA }), body: undefined };
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error(`fixture: ${path} has no front matter`);
  return { data: load(match[1]!, { schema: CORE_SCHEMA }), body: match[2]! };
}

/** Back to text, as an editor's tool would write it (keys in order, strings quoted where needed). */
export function putTogether(parts: Parts): string {
  const yaml = stringify(parts.data, { lineWidth: 0 });
  return parts.body === undefined ? yaml : `---\n${yaml}---\n${parts.body}`;
}

/** Every path to a value in the data, containers included, the root excepted. */
export function pathsOf(data: unknown, prefix: Path = []): Path[] {
  if (data === null || typeof data !== 'object') return [];
  const entries: Array<[string | number, unknown]> = Array.isArray(data)
    ? data.map((v, i) => [i, v])
    : Object.entries(data);
  return entries.flatMap(([key, value]) => [[...prefix, key], ...pathsOf(value, [...prefix, key])]);
}

const clone = <T>(value: T): T => structuredClone(value);

function parentOf(data: unknown, path: Path): Record<string | number, unknown> | undefined {
  let node = data;
  for (const key of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>) : undefined;
}

export function setAt(data: unknown, path: Path, value: unknown): unknown {
  const copy = clone(data);
  const parent = parentOf(copy, path);
  if (parent) parent[path[path.length - 1]!] = value;
  return copy;
}

export function deleteAt(data: unknown, path: Path): unknown {
  const copy = clone(data);
  const parent = parentOf(copy, path);
  const key = path[path.length - 1]!;
  if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
  else if (parent) delete parent[key];
  return copy;
}

export const getAt = (data: unknown, path: Path): unknown =>
  path.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined,
    data,
  );
