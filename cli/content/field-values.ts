import type { FieldPath } from '../source/yaml-source.ts';

/** A field in a kind's data: keys, with `*` for every item of a list (`sections.*.image`). */
export type FieldPattern = string;

/**
 * Every value a pattern reaches in data that may not have passed its schema yet (a reference is
 * checked even in a file with other mistakes), with the path it stands at. Only own keys: a
 * field named `constructor` is data, not an inherited function.
 */
export function fieldValues(data: unknown, pattern: FieldPattern): Array<{ path: FieldPath; value: unknown }> {
  let found: Array<{ path: FieldPath; value: unknown }> = [{ path: [], value: data }];
  for (const key of pattern.split('.')) {
    found = found.flatMap(({ path, value }) => {
      if (key === '*')
        return Array.isArray(value) ? value.map((item, index) => ({ path: [...path, index], value: item })) : [];
      if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key)) return [];
      return [{ path: [...path, key], value: (value as Record<string, unknown>)[key] }];
    });
  }
  return found;
}

/**
 * `data` with every text a pattern reaches replaced by `change(text)` (a Markdown field by its
 * HTML); what the pattern does not reach is shared, not copied.
 */
export function withFieldValues<T>(data: T, pattern: FieldPattern, change: (text: string) => string): T {
  const replace = (value: unknown, keys: string[]): unknown => {
    const [key, ...rest] = keys;
    if (key === undefined) return typeof value === 'string' ? change(value) : value;
    if (key === '*') return Array.isArray(value) ? value.map((item) => replace(item, rest)) : value;
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key)) return value;
    return { ...value, [key]: replace((value as Record<string, unknown>)[key], rest) };
  };
  return replace(data, pattern.split('.')) as T;
}
