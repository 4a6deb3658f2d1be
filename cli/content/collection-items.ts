import type { z } from 'zod';
import type { Locale } from '../../shared/locale.ts';
import { problem, type Problem } from '../errors/site-error.ts';
import { zodProblems } from '../source/zod-problems.ts';
import type { MarkdownSource } from './front-matter.ts';
import { kindOf, type Collection, type ContentKind } from './kinds.ts';
import { overlay, setsField } from './merge.ts';
import type { FieldPattern } from './field-values.ts';
import { addressProblems } from './address.ts';
import { runSteps, stepEvery, type Steps } from './steps.ts';

export interface RawItem {
  file: string;
  /** Its file name or its `id`, as its kind declares (kinds.ts `key`). */
  key: string;
  source: MarkdownSource;
  /** Its kind's Markdown fields besides the body (kinds.ts `markdown`). */
  markdown: FieldPattern[];
}

export interface ValidItem<T> {
  key: string;
  locale: Locale;
  data: T;
  body: string;
  file: string;
  fallback: boolean;
}

/** An item left out because its publication date is after the build's day (issue 20). */
export interface Scheduled {
  file: string;
  date: string;
}

export interface CollectionResult<T> {
  items: Array<Record<Locale, ValidItem<T>>>;
  problems: Problem[];
  scheduled: Scheduled[];
}

export interface CollectionOptions {
  strict: boolean;
  drafts: boolean;
  /**
   * The day (YYYY-MM-DD) up to which dated items are published: a later one waits. Undefined
   * publishes every item (`site dev`, `site build --future`).
   */
  publishedBy?: string | undefined;
  /** Per-file results kept from an earlier run (site dev's, the build's; parse-reuse.ts); without one every file is parsed. */
  memo?: SchemaReuse | undefined;
}

/** A schema's result for some data, worked out or kept from an earlier run with the same data. */
export interface SchemaReuse {
  schema<T>(kind: string, schema: z.ZodType<T>, data: unknown): z.ZodSafeParseResult<T>;
  /**
   * The schema's result for data made of these files' front matter alone (`data`, made only
   * when it is worked out): kept by the files, where each file read back stands for its text
   * (the build's stored parses), so that neither the data is made nor its text taken again.
   */
  schemaOf?<T>(
    kind: string,
    schema: z.ZodType<T>,
    files: MarkdownSource[],
    data: () => unknown,
  ): z.ZodSafeParseResult<T>;
}

const keyOf = (collection: Collection, name: string, data: unknown): string => {
  if (kindOf(collection).key === 'file') return name;
  const id = data && typeof data === 'object' ? (data as { id?: unknown }).id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : `file:${name}`;
};

export function rawItem(collection: Collection, name: string, file: string, source: MarkdownSource): RawItem {
  return { file, key: keyOf(collection, name, source.meta.data), source, markdown: kindOf(collection).markdown ?? [] };
}

/**
 * Validate one collection in both languages. The Dutch file is complete; an English file
 * overrides the fields it sets. Problems point at the file that holds the faulty field.
 */
export function validateCollection<T>(
  kind: ContentKind,
  raw: Record<Locale, RawItem[]>,
  options: CollectionOptions,
  dutchUnreadable = false,
): CollectionResult<T> {
  return runSteps(collectionSteps<T>(kind, raw, options, dutchUnreadable));
}

/** `validateCollection` in steps (./steps.ts): items checked. */
export function* collectionSteps<T>(
  kind: ContentKind,
  raw: Record<Locale, RawItem[]>,
  options: CollectionOptions,
  dutchUnreadable = false,
): Steps<CollectionResult<T>> {
  const { collection } = kind;
  const schema = kind.schema as z.ZodType<T>;
  const { memo } = options;
  const safeParse = (files: MarkdownSource[], data: () => unknown) =>
    memo?.schemaOf
      ? memo.schemaOf(collection, schema, files, data)
      : memo
        ? memo.schema(collection, schema, data())
        : schema.safeParse(data());
  const context = { schema, params: { collection } };
  const problems: Problem[] = [];
  const duplicates: Record<Locale, RawItem[]> = { nl: [], en: [] };
  const indexed = {
    nl: indexByKey(collection, raw.nl, problems, duplicates.nl),
    en: indexByKey(collection, raw.en, problems, duplicates.en),
  };
  const items: Array<Record<Locale, ValidItem<T>>> = [];
  const scheduled: Scheduled[] = [];
  const stepEnds = stepEvery();

  // A Dutch file that cannot be read, or has no valid id, would make its translation look orphaned:
  // report only the Dutch file's own problem; a real orphan shows once the Dutch files read.
  const dutchUnsure =
    dutchUnreadable || (kind.key === 'id' && [...indexed.nl.keys()].some((key) => !/^[1-9]\d*$/.test(key)));
  for (const [key, en] of indexed.en) {
    if (!indexed.nl.has(key) && !dutchUnsure) {
      problems.push(
        problem('TRANSLATION_ORPHAN', { collection, id: key, locale: 'en' }, { location: { file: en.file, line: 1 } }),
      );
    }
  }
  /** The translation over its original; only problems in fields the translation itself sets. */
  const translate = (nl: RawItem, en: RawItem): T | undefined => {
    let merged: unknown;
    const enData = safeParse(
      [nl.source, en.source],
      () => (merged = overlay(nl.source.meta.data, en.source.meta.data)),
    );
    if (enData.success) return enData.data;
    merged ??= overlay(nl.source.meta.data, en.source.meta.data);
    const sets = (path: ReadonlyArray<PropertyKey>) => setsField(en.source.meta.data, path);
    // An unknown key may come from the Dutch file: keep only the ones the translation writes.
    const own = enData.error.issues.flatMap((issue): z.core.$ZodIssue[] => {
      if (issue.code !== 'unrecognized_keys') return sets(issue.path) ? [issue] : [];
      const keys = issue.keys.filter((key) => sets([...issue.path, key]));
      return keys.length ? [{ ...issue, keys }] : [];
    });
    problems.push(...zodProblems(own, merged, en.file, en.source.meta.lineOf, 'CONTENT_SCHEMA_MISMATCH', context));
    return undefined;
  };
  const checkDutch = (nl: RawItem) => {
    const parsed = safeParse([nl.source], () => nl.source.meta.data);
    if (!parsed.success)
      problems.push(
        ...zodProblems(
          parsed.error.issues,
          nl.source.meta.data,
          nl.file,
          nl.source.meta.lineOf,
          'CONTENT_SCHEMA_MISMATCH',
          context,
        ),
      );
    return parsed;
  };

  for (const [key, nl] of indexed.nl) {
    if (stepEnds()) yield;
    const nlData = checkDutch(nl);
    if (!nlData.success) {
      // The translation's own mistakes too, so the editor sees them in this run, not the next.
      const en = indexed.en.get(key);
      if (en) translate(nl, en);
      continue;
    }
    if ((nlData.data as { draft?: boolean }).draft && !options.drafts) continue;
    const date =
      kind.publishDate === undefined ? undefined : (nlData.data as Record<string, unknown>)[kind.publishDate];
    if (typeof date === 'string' && options.publishedBy !== undefined && date.slice(0, 10) > options.publishedBy) {
      scheduled.push({ file: nl.file, date });
      continue;
    }
    const dutch: ValidItem<T> = {
      key,
      locale: 'nl',
      data: nlData.data,
      body: nl.source.body,
      file: nl.file,
      fallback: false,
    };
    const en = indexed.en.get(key);
    if (kind.key === 'id') problems.push(...addressProblems(nl, nlData.data as never, options.strict));
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
    problems.push(...untranslatedLists(kind, nl, en, options));
    if (kind.key === 'id') problems.push(...addressProblems(en, enData as never, options.strict));
    const body = en.source.body.trim() ? en.source.body : nl.source.body;
    items.push({ nl: dutch, en: { key, locale: 'en', data: enData, body, file: en.file, fallback: false } });
  }
  // A second file with a taken id is not published, but its other mistakes are reported now,
  // not after the id is fixed (issue 20: a duplicate id hid a bad date in the same article).
  for (const nl of duplicates.nl) checkDutch(nl);
  for (const en of duplicates.en) {
    const nl = indexed.nl.get(en.key);
    if (nl) translate(nl, en);
  }
  return { items, problems, scheduled };
}

/** A list of text the translation leaves to the original: its English page would show it in Dutch. */
function untranslatedLists(kind: ContentKind, nl: RawItem, en: RawItem, options: CollectionOptions): Problem[] {
  return (kind.translatedLists ?? [])
    .filter((field) => {
      const dutch = (nl.source.meta.data as Record<string, unknown>)[field];
      return Array.isArray(dutch) && dutch.length > 0 && !setsField(en.source.meta.data, [field]);
    })
    .map((field) =>
      problem(
        'TRANSLATION_INCOMPLETE',
        { file: en.file, field, original: nl.file },
        { location: { file: en.file, line: 1 }, field, severity: options.strict ? 'error' : 'warning' },
      ),
    );
}

function indexByKey(
  collection: Collection,
  items: RawItem[],
  problems: Problem[],
  duplicates: RawItem[],
): Map<string, RawItem> {
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
      duplicates.push(item);
      continue;
    }
    byKey.set(item.key, item);
  }
  return byKey;
}
