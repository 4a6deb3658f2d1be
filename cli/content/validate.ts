import type { z } from 'zod';
import type { Locale, SiteConfig } from '../config/schema.ts';
import { problem, type Problem } from '../errors/site-error.ts';
import { parseYaml, type YamlSource } from '../source/yaml-source.ts';
import { zodProblems } from '../source/zod-problems.ts';
import { classify, collections, type Collection } from './classify.ts';
import { splitFrontMatter } from './front-matter.ts';
import { rawItem, validateCollection, type RawItem, type ValidItem } from './collection-items.ts';
import { checkReferences } from './references.ts';
import { markdownLimitProblems } from './markdown-limits.ts';
import { clubsSchema, lessonsSchema, stringsSchema, type Club, type Lessons, type Strings } from './schemas/data.ts';
import { eventSchema, jobSchema, newsSchema, pageSchema, type EventData, type JobData, type NewsData, type PageData } from './schemas/markdown.ts';
import type { ContentFiles } from './read.ts';
import type { ParseMemo } from './parse-memo.ts';

export interface ValidContent {
  clubs: Club[];
  lessons: Lessons;
  strings: Record<Locale, Strings>;
  pages: Array<Record<Locale, ValidItem<PageData>>>;
  news: Array<Record<Locale, ValidItem<NewsData>>>;
  events: Array<Record<Locale, ValidItem<EventData>>>;
  jobs: Array<Record<Locale, ValidItem<JobData>>>;
}

export interface ValidateOptions {
  strict: boolean;
  drafts: boolean;
  /** Per-file results kept from an earlier run (`site dev`); without one every file is parsed. */
  memo?: ParseMemo;
}

/** Routes whose page text comes from content/<locale>/pages/<route>.md. */
const ROUTES_WITHOUT_PAGE_TEXT = new Set(['news-article', 'news-page', 'event']);
export const EXTRA_PAGES = ['not-found', 'error'];

/** Check every content file; all problems of all files in one list. Pure: no disk access. */
export function validateContent(
  config: SiteConfig,
  content: ContentFiles,
  options: ValidateOptions,
): { content?: ValidContent; problems: Problem[] } {
  const problems: Problem[] = [];
  const sources = new Map<string, YamlSource>();
  const raw = Object.fromEntries(collections.map((c) => [c, { nl: [] as RawItem[], en: [] as RawItem[] }])) as unknown as Record<
    Collection,
    Record<Locale, RawItem[]>
  >;
  const data: { clubs?: YamlSource; lessons?: YamlSource; strings: Partial<Record<Locale, YamlSource>> } = { strings: {} };
  const exists = (path: string) => content.files.some((file) => file.path === path);
  /** Collections with a Dutch file that could not be parsed: its id is unknown. */
  const unreadable = new Set<Collection>();

  for (const file of content.files) {
    const kind = classify(file.path);
    if (kind.kind === 'ignored') continue;
    if (kind.kind === 'unknown') {
      problems.push(problem('CONTENT_UNKNOWN_FILE', { file: file.path }, { location: { file: file.path } }));
      continue;
    }
    if (kind.kind === 'markdown') {
      const split = options.memo ? options.memo.frontMatter(file.text, file.path) : splitFrontMatter(file.text, file.path);
      if (kind.locale === 'nl' && ('code' in split || split.meta.problems.length)) unreadable.add(kind.collection);
      if ('code' in split) {
        problems.push(split);
        continue;
      }
      sources.set(file.path, split.meta);
      problems.push(...split.meta.problems);
      if (!split.meta.problems.length) raw[kind.collection][kind.locale].push(rawItem(kind.collection, kind.name, file.path, split));
      continue;
    }
    const source = options.memo ? options.memo.yaml(file.text, file.path) : parseYaml(file.text, file.path);
    sources.set(file.path, source);
    problems.push(...source.problems);
    if (source.problems.length) continue;
    if (kind.kind === 'strings') data.strings[kind.locale] = source;
    else data[kind.kind] = source;
  }

  const parse = <T>(source: YamlSource | undefined, schema: z.ZodType<T>, collection: string, expected: string): T | undefined => {
    if (!source) {
      // A file that is there but does not parse has its own YAML_SYNTAX problem already.
      if (!exists(expected)) problems.push(problem('PAGE_CONTENT_MISSING', { route: collection, expected }, { location: { file: expected } }));
      return undefined;
    }
    const result = schema.safeParse(source.data);
    if (result.success) return result.data;
    problems.push(...zodProblems(result.error.issues, source.data, source.file, source.lineOf, 'CONTENT_SCHEMA_MISMATCH', { collection }));
    return undefined;
  };
  const clubs = parse(data.clubs, clubsSchema, 'club', 'content/data/clubs.yaml');
  const lessons = parse(data.lessons, lessonsSchema, 'lessons file', 'content/data/lessons.yaml');
  const nlStrings = parse(data.strings.nl, stringsSchema, 'strings file', 'content/nl/strings.yaml');
  const enStrings = parse(data.strings.en, stringsSchema, 'strings file', 'content/en/strings.yaml');
  if (clubs) problems.push(...uniqueClubFields(clubs, data.clubs!));

  const limits = (item: RawItem) => (options.memo ? options.memo.markdownLimits(item) : markdownLimitProblems(item));
  problems.push(...collections.flatMap((collection) => [...raw[collection].nl, ...raw[collection].en]).flatMap(limits));
  const pages = validateCollection('pages', pageSchema, raw.pages, options, unreadable.has('pages'));
  const news = validateCollection('news', newsSchema, raw.news, options, unreadable.has('news'));
  const events = validateCollection('events', eventSchema, raw.events, options, unreadable.has('events'));
  const jobs = validateCollection('jobs', jobSchema, raw.jobs, options, unreadable.has('jobs'));
  problems.push(...pages.problems, ...news.problems, ...events.problems, ...jobs.problems);

  const pageNames = new Set(pages.items.map((item) => item.nl.key));
  for (const name of [...Object.keys(config.routes).filter((r) => !ROUTES_WITHOUT_PAGE_TEXT.has(r)), ...EXTRA_PAGES]) {
    const expected = `content/nl/pages/${name}.md`;
    if (!pageNames.has(name) && !exists(expected)) {
      problems.push(problem('PAGE_CONTENT_MISSING', { route: name, expected }, { location: { file: expected } }));
    }
  }

  problems.push(
    ...checkReferences({
      config,
      images: content.images,
      clubs: clubs && data.clubs ? { items: clubs, source: data.clubs } : undefined,
      lessons,
      pages: pages.items,
      news: news.items,
      events: events.items,
      lineOf: (file, path) => sources.get(file)?.lineOf(path),
    }),
  );

  const strings = nlStrings && enStrings ? { nl: nlStrings, en: withFallback(nlStrings, enStrings, data.strings.en!, options, problems) } : undefined;
  if (problems.some((p) => p.severity === 'error') || !clubs || !lessons || !strings) return { problems };
  return {
    content: { clubs, lessons, strings, pages: pages.items, news: news.items, events: events.items, jobs: jobs.items },
    problems,
  };
}

/** English strings with every missing key taken from Dutch, each a missing-translation warning. */
function withFallback(nl: Strings, en: Strings, source: YamlSource, options: ValidateOptions, problems: Problem[], prefix: string[] = []): Strings {
  const merged: Strings = {};
  for (const [key, value] of Object.entries(nl)) {
    const own = en[key];
    if (typeof value === 'object') {
      merged[key] = withFallback(value, typeof own === 'object' ? own : {}, source, options, problems, [...prefix, key]);
    } else if (typeof own === 'string') {
      merged[key] = own;
    } else {
      merged[key] = value;
      const field = [...prefix, key].join('.');
      problems.push(
        problem(
          'TRANSLATION_MISSING',
          { what: `The string ${field}`, locale: 'en', expected: `${field} to content/en/strings.yaml` },
          { location: { file: source.file, line: source.lineOf(prefix) ?? 1 }, field, severity: options.strict ? 'error' : 'warning' },
        ),
      );
    }
  }
  return merged;
}

function uniqueClubFields(clubs: Club[], source: YamlSource): Problem[] {
  const problems: Problem[] = [];
  for (const field of ['id', 'wpId', 'yourtennisId', 'wpPath'] as const) {
    const seen = new Map<string, number>();
    clubs.forEach((club, index) => {
      const value = String(club[field]);
      const first = seen.get(value);
      if (first === undefined) return void seen.set(value, index);
      problems.push(
        problem(
          'CONTENT_DUPLICATE_ID',
          { collection: 'club', what: field, id: value, other: `entry ${first + 1} (line ${source.lineOf([first, field]) ?? '?'})` },
          { location: { file: source.file, line: source.lineOf([index, field]) ?? 1 }, field: `[${index}].${field}` },
        ),
      );
    });
  }
  return problems;
}
