import type { SiteConfig } from '../../shared/config.ts';
import type { Locale } from '../../shared/locale.ts';
import { problem, type Problem } from '../errors/site-error.ts';
import { parseYaml, type YamlSource } from '../source/yaml-source.ts';
import { missingUiStrings, type UiStringUses } from '../source/ui-string-uses.ts';
import { classify, collections, type Collection } from './classify.ts';
import { splitFrontMatter } from './front-matter.ts';
import {
  collectionSteps,
  rawItem,
  type CollectionOptions,
  type CollectionResult,
  type RawItem,
  type Scheduled,
  type ValidItem,
} from './collection-items.ts';
import { checkReferences, fieldKey, type KnownList, type ReferringFile } from './references.ts';
import { markdownLimitProblems } from './markdown-limits.ts';
import { dataFiles, kindOf, type KindData } from './kinds.ts';
import {
  clubFieldsOf,
  knownEntries,
  menuLabelProblems,
  parseDataFile,
  uniqueClubFields,
  withFallback,
} from './data-files.ts';
import type { Club, Lessons, Strings } from './schemas/data.ts';
import type { ContentFiles } from './read.ts';
import type { ParseReuse } from './parse-reuse.ts';
import { runSteps, stepEvery, type Steps } from './steps.ts';

/** The valid items of every kind (kinds.ts), under its folder's name, both languages each. */
export type KindsContent = { [C in Collection]: Array<Record<Locale, ValidItem<KindData<C>>>> };

export type ValidContent = KindsContent & {
  clubs: Club[];
  lessons: Lessons;
  strings: Record<Locale, Strings>;
};

export interface ValidateOptions extends CollectionOptions {
  /** Per-file results kept from an earlier run (site dev's in memory, the build's on disk); without one every file is parsed. */
  memo?: ParseReuse | undefined;
  /** The UI string keys the templates name (cli/source/ui-string-uses.ts): each must be in the Dutch strings file. */
  uiStrings?: UiStringUses;
}

/** Routes without a page text of their own (content/<locale>/pages/<route>.md): the news list's later pages, and items' pages. */
const ROUTES_WITHOUT_PAGE_TEXT = new Set([
  'news-page',
  ...collections.flatMap((collection) =>
    (kindOf(collection).itemPages ?? []).filter((page) => !page.pageText).map((page) => page.route),
  ),
]);
export const EXTRA_PAGES = ['not-found', 'error'];

type Raw = Record<Collection, Record<Locale, RawItem[]>>;

export interface Validated {
  content?: ValidContent;
  problems: Problem[];
  scheduled: Scheduled[];
}

/**
 * Check every content file; all problems of all files in one list, references included (issue
 * 20: one mistake must not hide another). `scheduled`: items left out for a later day. Pure.
 */
export function validateContent(config: SiteConfig, content: ContentFiles, options: ValidateOptions): Validated {
  return runSteps(validationSteps(config, content, options));
}

/** `validateContent` in steps (./steps.ts): files read, items' Markdown limits, items' schemas (32 to a step). */
export function* validationSteps(
  config: SiteConfig,
  content: ContentFiles,
  options: ValidateOptions,
): Steps<Validated> {
  const stepEnds = stepEvery();
  const problems: Problem[] = [];
  const raw = Object.fromEntries(
    collections.map((c) => [c, { nl: [] as RawItem[], en: [] as RawItem[] }]),
  ) as unknown as Raw;
  const data: { clubs?: YamlSource; lessons?: YamlSource; strings: Partial<Record<Locale, YamlSource>> } = {
    strings: {},
  };
  const exists = (path: string) => content.files.some((file) => file.path === path);
  /** Collections with a Dutch file that could not be parsed: its id is unknown. */
  const unreadable = new Set<Collection>();

  for (const file of content.files) {
    if (stepEnds()) yield;
    const kind = classify(file.path);
    if (kind.kind === 'ignored') continue;
    if (kind.kind === 'unknown') {
      problems.push(problem('CONTENT_UNKNOWN_FILE', { file: file.path }, { location: { file: file.path } }));
      continue;
    }
    if (kind.kind === 'markdown') {
      const split = options.memo ? options.memo.frontMatter(file) : splitFrontMatter(file.text, file.path);
      if (kind.locale === 'nl' && ('code' in split || split.meta.problems.length)) unreadable.add(kind.collection);
      if ('code' in split) {
        problems.push(split);
        continue;
      }
      problems.push(...split.meta.problems);
      if (!split.meta.problems.length)
        raw[kind.collection][kind.locale].push(rawItem(kind.collection, kind.name, file.path, split));
      continue;
    }
    const source = options.memo ? options.memo.yaml(file) : parseYaml(file.text, file.path);
    problems.push(...source.problems);
    if (kind.kind === 'strings') data.strings[kind.locale] = source;
    else data[kind.kind] = source;
  }

  /** A data file that read without a YAML error, or its PAGE_CONTENT_MISSING (a YAML error is its own problem). */
  const readable = (source: YamlSource | undefined, route: string, expected: string) => {
    if (!source && !exists(expected))
      problems.push(problem('PAGE_CONTENT_MISSING', { route, expected }, { location: { file: expected } }));
    return source && !source.problems.length ? source : undefined;
  };
  const clubsSource = readable(data.clubs, dataFiles.clubs.name, dataFiles.clubs.file);
  const lessonsSource = readable(data.lessons, dataFiles.lessons.name, dataFiles.lessons.file);
  const stringsSource = (locale: Locale) =>
    readable(data.strings[locale], dataFiles.strings.name, `content/${locale}/strings.yaml`);
  const clubs =
    clubsSource &&
    parseDataFile(
      clubsSource,
      dataFiles.clubs.schema,
      dataFiles.clubs.name,
      problems,
      clubFieldsOf(clubsSource),
      options.memo,
    );
  const lessons =
    lessonsSource &&
    parseDataFile(lessonsSource, dataFiles.lessons.schema, dataFiles.lessons.name, problems, undefined, options.memo);
  const nlSource = stringsSource('nl');
  const enSource = stringsSource('en');
  const stringsFile = (source: YamlSource) =>
    parseDataFile(source, dataFiles.strings.schema, dataFiles.strings.name, problems, undefined, options.memo);
  const nlStrings = nlSource && stringsFile(nlSource);
  const enStrings = enSource && stringsFile(enSource);
  if (nlStrings) problems.push(...stringProblems(config, nlStrings, nlSource!, options.uiStrings));
  if (clubsSource && Array.isArray(clubsSource.data))
    problems.push(...uniqueClubFields(clubsSource.data.filter(isRecord), clubsSource));

  const limits = (item: RawItem) => (options.memo ? options.memo.markdownLimits(item) : markdownLimitProblems(item));
  for (const item of collections.flatMap((collection) => [...raw[collection].nl, ...raw[collection].en])) {
    if (stepEnds()) yield;
    problems.push(...limits(item));
  }
  const results = {} as Record<Collection, CollectionResult<unknown>>;
  for (const collection of collections)
    results[collection] = yield* collectionSteps(
      kindOf(collection),
      raw[collection],
      options,
      unreadable.has(collection),
    );
  problems.push(...collections.flatMap((collection) => results[collection].problems));

  const pageNames = new Set(raw.pages.nl.map((item) => item.key));
  for (const name of [...Object.keys(config.routes).filter((r) => !ROUTES_WITHOUT_PAGE_TEXT.has(r)), ...EXTRA_PAGES]) {
    const expected = `content/nl/pages/${name}.md`;
    if (!pageNames.has(name) && !exists(expected)) {
      problems.push(problem('PAGE_CONTENT_MISSING', { route: name, expected }, { location: { file: expected } }));
    }
  }

  problems.push(...referenceProblems(config, content, raw, data, options, problems));

  const strings =
    nlStrings && enStrings
      ? { nl: nlStrings, en: withFallback(nlStrings, enStrings, enSource!, options.strict, problems) }
      : undefined;
  const scheduled = collections.flatMap((collection) => results[collection].scheduled);
  if (problems.some((p) => p.severity === 'error') || !clubs || !lessons || !strings) return { problems, scheduled };
  // Each kind's items passed that kind's schema: their data is its KindData.
  const items = Object.fromEntries(
    collections.map((collection) => [collection, results[collection].items]),
  ) as KindsContent;
  return { content: { clubs, lessons, strings, ...items }, problems, scheduled };
}

/** Keys the menus (site.config.yaml) and the templates show that the Dutch strings lack: each once. */
function stringProblems(
  config: SiteConfig,
  nl: Strings,
  source: YamlSource,
  uses: UiStringUses = new Map(),
): Problem[] {
  const menus = menuLabelProblems(config, nl, source);
  const named = new Set(menus.map((found) => found.field));
  return [...menus, ...missingUiStrings(uses, nl, source).filter((found) => !named.has(found.field))];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Every reference of every file as read, even one with schema mistakes; drafts only when they are
 * built. A field with a schema problem already is not reported twice. The clubs and regions to
 * check against come from their files as read: around a YAML error, what could be read, and
 * the message says so; when nothing can be read, one problem says the check could not run.
 */
function referenceProblems(
  config: SiteConfig,
  content: ContentFiles,
  raw: Raw,
  data: { clubs?: YamlSource; lessons?: YamlSource },
  options: ValidateOptions,
  found: Problem[],
): Problem[] {
  const files: ReferringFile[] = [];
  if (data.clubs?.data !== undefined) {
    files.push({
      file: data.clubs.file,
      data: data.clubs.data,
      references: dataFiles.clubs.references,
      lineOf: data.clubs.lineOf,
      label: clubFieldsOf(data.clubs),
    });
  }
  for (const collection of collections) {
    const drafts = new Set(
      raw[collection].nl
        .filter((item) => isRecord(item.source.meta.data) && item.source.meta.data.draft === true)
        .map((item) => item.key),
    );
    for (const item of [...raw[collection].nl, ...raw[collection].en]) {
      if (!options.drafts && drafts.has(item.key)) continue;
      files.push({
        file: item.file,
        data: item.source.meta.data,
        references: kindOf(collection).references,
        lineOf: item.source.meta.lineOf,
      });
    }
  }
  const problems: Problem[] = [];
  const known = (
    source: YamlSource | undefined,
    list: (data: unknown) => unknown,
    describe: (entry: Record<string, unknown>) => string,
    what: string,
    who: string,
  ): KnownList | undefined => {
    if (!source) return undefined;
    const entries = knownEntries(source, list, describe);
    if (!entries)
      problems.push(
        problem(
          'CONTENT_CHECK_SKIPPED',
          { what, file: source.file, who },
          { location: { file: source.file, line: 1 }, severity: 'warning' },
        ),
      );
    return entries;
  };
  const clubs = known(
    data.clubs,
    (d) => d,
    (club) => (typeof club.name === 'string' ? club.name : ''),
    'club',
    'events (location.club)',
  );
  const regions = known(
    data.lessons,
    (d) => (isRecord(d) ? d.regions : undefined),
    () => '',
    'region',
    'clubs (region)',
  );
  const reported = new Set(found.flatMap((p) => (p.location && p.field ? [fieldKey(p.location.file, p.field)] : [])));
  problems.push(
    ...checkReferences(
      files,
      {
        images: content.images,
        routes: Object.keys(config.routes),
        ...(clubs ? { clubs } : {}),
        ...(regions ? { regions } : {}),
      },
      reported,
    ),
  );
  return problems;
}
