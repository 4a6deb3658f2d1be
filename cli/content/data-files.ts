import type { z } from 'zod';
import type { NavLink, SiteConfig } from '../../shared/config.ts';
import type { Locale } from '../../shared/locale.ts';
import { problem, type Problem } from '../errors/site-error.ts';
import { zodProblems } from '../source/zod-problems.ts';
import type { FieldPath, YamlSource } from '../source/yaml-source.ts';
import { clubField, clubLabel } from './club-label.ts';
import type { SchemaReuse } from './collection-items.ts';
import type { KnownList } from './references.ts';
import type { Strings } from './schemas/data.ts';

/**
 * One data file checked against its schema; undefined with its problems when it does not pass.
 * `reuse`: the schema's answer for the same data as an earlier run found it (the build's stored
 * parses, cli/content/stored-parses.ts): the strings, clubs and lessons went through zod every
 * build, ~9 ms of an edit build at 4,000 sources (issue 21).
 */
export function parseDataFile<T>(
  source: YamlSource,
  schema: z.ZodType<T>,
  name: string,
  problems: Problem[],
  label?: (path: FieldPath) => string,
  reuse?: SchemaReuse,
): T | undefined {
  const result = reuse ? reuse.schema(`data:${name}`, schema, source.data) : schema.safeParse(source.data);
  if (result.success) return result.data;
  problems.push(
    ...zodProblems(result.error.issues, source.data, source.file, source.lineOf, 'CONTENT_SCHEMA_MISMATCH', {
      params: { collection: name },
      schema,
      ...(label ? { label } : {}),
    }),
  );
  return undefined;
}

/** clubs.yaml's fields as an editor finds them: by the club's id and name. */
export const clubFieldsOf = (source: YamlSource): ((path: FieldPath) => string) =>
  clubField(source.data ?? source.partial);

/**
 * What a list in a data file holds, read from the file as it is (with schema mistakes, or around
 * a YAML error: then `incomplete` says so), for checking references to it. Undefined when nothing
 * can be read: the caller says the check could not run.
 */
export function knownEntries(
  source: YamlSource,
  list: (data: unknown) => unknown,
  describe: (entry: Record<string, unknown>) => string,
): KnownList | undefined {
  const data = source.data ?? source.partial;
  const entries = data === undefined ? undefined : list(data);
  if (!Array.isArray(entries)) return undefined;
  const names = new Map<string, string>();
  for (const entry of entries) {
    if (entry === null || typeof entry !== 'object') continue;
    const { id } = entry as { id?: unknown };
    if (typeof id === 'number' || typeof id === 'string')
      names.set(String(id), describe(entry as Record<string, unknown>));
  }
  return {
    names,
    ...(source.data === undefined
      ? { incomplete: `${source.file} has a YAML error, so this list holds only what could be read around it` }
      : {}),
  };
}

/** Ids and legacy keys no two clubs may share; a legacy field a club leaves out shares nothing. */
export function uniqueClubFields(clubs: ReadonlyArray<Record<string, unknown>>, source: YamlSource): Problem[] {
  const problems: Problem[] = [];
  for (const field of ['id', 'wpId', 'yourtennisId', 'wpPath']) {
    const seen = new Map<string, number>();
    clubs.forEach((club, index) => {
      if (club[field] === undefined) return;
      const value = String(club[field]);
      const first = seen.get(value);
      if (first === undefined) return void seen.set(value, index);
      problems.push(
        problem(
          'CONTENT_DUPLICATE_ID',
          {
            collection: 'club',
            what: field,
            id: value,
            other: `${clubLabel(clubs, first)} (line ${source.lineOf([first, field]) ?? '?'})`,
          },
          {
            location: { file: source.file, line: source.lineOf([index, field]) ?? 1 },
            field: `${clubLabel(clubs, index)}, ${field}`,
          },
        ),
      );
    });
  }
  return problems;
}

/** English strings with every missing key taken from Dutch, each a missing-translation warning. */
export function withFallback(
  nl: Strings,
  en: Strings,
  source: YamlSource,
  strict: boolean,
  problems: Problem[],
  prefix: string[] = [],
): Strings {
  const merged: Strings = {};
  for (const [key, value] of Object.entries(nl)) {
    const own = en[key];
    if (typeof value === 'object') {
      merged[key] = withFallback(value, typeof own === 'object' ? own : {}, source, strict, problems, [...prefix, key]);
    } else if (typeof own === 'string') {
      merged[key] = own;
    } else {
      merged[key] = value;
      const field = [...prefix, key].join('.');
      problems.push(
        problem(
          'TRANSLATION_MISSING',
          {
            what: `The string ${field}`,
            locale: 'en' satisfies Locale,
            expected: `${field} to content/en/strings.yaml`,
          },
          {
            location: { file: source.file, line: source.lineOf(prefix) ?? 1 },
            field,
            severity: strict ? 'error' : 'warning',
          },
        ),
      );
    }
  }
  return merged;
}

/**
 * Every label the menus and the footer show is a UI string: a route added to a menu needs its
 * label (`nav.<route>`, `footer.<route>`) before a page can render, so say so now, at the
 * strings file, rather than as a template failure.
 */
export function menuLabelProblems(config: SiteConfig, nl: Strings, source: YamlSource): Problem[] {
  const keys: Array<[key: string, where: string]> = [];
  const link = (item: NavLink, where: string) =>
    keys.push(['route' in item ? (item.label ?? `nav.${item.route}`) : item.label, where]);
  for (const item of config.navigation) {
    if ('children' in item) {
      keys.push([item.label, 'navigation']);
      item.children.forEach((child) => link(child, 'navigation'));
    } else link(item, 'navigation');
  }
  for (const item of config.footer) keys.push(['route' in item ? `footer.${item.route}` : item.label, 'footer']);
  const has = (key: string) =>
    typeof key
      .split('.')
      .reduce<unknown>(
        (node, part) =>
          node !== null && typeof node === 'object' && Object.hasOwn(node, part)
            ? (node as Record<string, unknown>)[part]
            : undefined,
        nl,
      ) === 'string';
  return [...new Map(keys.filter(([key]) => !has(key))).entries()].map(([key, where]) =>
    problem(
      'STRING_MISSING',
      { key, where, file: source.file },
      { location: { file: source.file, line: source.lineOf(key.split('.').slice(0, -1)) ?? 1 }, field: key },
    ),
  );
}
