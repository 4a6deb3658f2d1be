import type { z } from 'zod';
import type { Locale } from '../config/schema.ts';
import { problem, type Problem } from '../errors/site-error.ts';
import { zodProblems } from '../source/zod-problems.ts';
import type { MarkdownSource } from './front-matter.ts';
import type { Collection } from './classify.ts';
import { overlay, setsField } from './merge.ts';

export interface RawItem {
  file: string;
  /** Pages are keyed by file name, the other collections by their `id`. */
  key: string;
  source: MarkdownSource;
}

export interface ValidItem<T> {
  key: string;
  locale: Locale;
  data: T;
  body: string;
  file: string;
  fallback: boolean;
}

export interface CollectionResult<T> {
  items: Array<Record<Locale, ValidItem<T>>>;
  problems: Problem[];
}

const keyOf = (collection: Collection, name: string, data: unknown): string => {
  if (collection === 'pages') return name;
  const id = data && typeof data === 'object' ? (data as { id?: unknown }).id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : `file:${name}`;
};

export function rawItem(collection: Collection, name: string, file: string, source: MarkdownSource): RawItem {
  return { file, key: keyOf(collection, name, source.meta.data), source };
}

/**
 * Validate one collection in both languages. The Dutch file is complete; an English file
 * overrides the fields it sets. Problems point at the file that holds the faulty field.
 */
export function validateCollection<T>(
  collection: Collection,
  schema: z.ZodType<T>,
  raw: Record<Locale, RawItem[]>,
  options: { strict: boolean; drafts: boolean },
  dutchUnreadable = false,
): CollectionResult<T> {
  const problems: Problem[] = [];
  const indexed = { nl: indexByKey(collection, raw.nl, problems), en: indexByKey(collection, raw.en, problems) };
  const items: Array<Record<Locale, ValidItem<T>>> = [];

  // A Dutch file that cannot be read, or has no valid id, would make its translation look orphaned:
  // report only the Dutch file's own problem; a real orphan shows once the Dutch files read.
  const dutchUnsure = dutchUnreadable || (collection !== 'pages' && [...indexed.nl.keys()].some((key) => !/^[1-9]\d*$/.test(key)));
  for (const [key, en] of indexed.en) {
    if (!indexed.nl.has(key) && !dutchUnsure) {
      problems.push(problem('TRANSLATION_ORPHAN', { collection, id: key, locale: 'en' }, { location: { file: en.file, line: 1 } }));
    }
  }
  /** The translation over its original; only problems in fields the translation itself sets. */
  const translate = (nl: RawItem, en: RawItem): T | undefined => {
    const merged = overlay(nl.source.meta.data, en.source.meta.data);
    const enData = schema.safeParse(merged);
    if (enData.success) return enData.data;
    const sets = (path: ReadonlyArray<PropertyKey>) => setsField(en.source.meta.data, path);
    // An unknown key may come from the Dutch file: keep only the ones the translation writes.
    const own = enData.error.issues.flatMap((issue): z.core.$ZodIssue[] => {
      if (issue.code !== 'unrecognized_keys') return sets(issue.path) ? [issue] : [];
      const keys = issue.keys.filter((key) => sets([...issue.path, key]));
      return keys.length ? [{ ...issue, keys }] : [];
    });
    problems.push(...zodProblems(own, merged, en.file, en.source.meta.lineOf, 'CONTENT_SCHEMA_MISMATCH', { collection }));
    return undefined;
  };

  for (const [key, nl] of indexed.nl) {
    const nlData = schema.safeParse(nl.source.meta.data);
    if (!nlData.success) {
      problems.push(...zodProblems(nlData.error.issues, nl.source.meta.data, nl.file, nl.source.meta.lineOf, 'CONTENT_SCHEMA_MISMATCH', { collection }));
      // The translation's own mistakes too, so the editor sees them in this run, not the next.
      const en = indexed.en.get(key);
      if (en) translate(nl, en);
      continue;
    }
    if ((nlData.data as { draft?: boolean }).draft && !options.drafts) continue;
    const dutch: ValidItem<T> = { key, locale: 'nl', data: nlData.data, body: nl.source.body, file: nl.file, fallback: false };
    const en = indexed.en.get(key);
    if (!en) {
      problems.push(
        problem(
          'TRANSLATION_MISSING',
          { what: nl.file, locale: 'en', expected: `content/en/${collection}/${nl.file.split('/').pop()}` },
          { location: { file: nl.file, line: 1 }, severity: options.strict ? 'error' : 'warning' },
        ),
      );
      items.push({ nl: dutch, en: { ...dutch, locale: 'en', fallback: true } });
      continue;
    }
    const enData = translate(nl, en);
    if (enData === undefined) continue;
    const body = en.source.body.trim() ? en.source.body : nl.source.body;
    items.push({ nl: dutch, en: { key, locale: 'en', data: enData, body, file: en.file, fallback: false } });
  }
  return { items, problems };
}

function indexByKey(collection: Collection, items: RawItem[], problems: Problem[]): Map<string, RawItem> {
  const byKey = new Map<string, RawItem>();
  for (const item of items) {
    const other = byKey.get(item.key);
    if (other) {
      problems.push(
        problem(
          'CONTENT_DUPLICATE_ID',
          { collection, id: item.key, other: other.file },
          { location: { file: item.file, line: item.source.meta.lineOf(['id']) ?? 1 }, field: 'id' },
        ),
      );
      continue;
    }
    byKey.set(item.key, item);
  }
  return byKey;
}
