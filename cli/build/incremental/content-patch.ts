import type { Locale } from '../../../shared/locale.ts';
import { classify } from '../../content/classify.ts';
import {
  rawItem,
  validateCollection,
  type CollectionOptions,
  type RawItem,
  type ValidItem,
} from '../../content/collection-items.ts';
import { ParseMemo } from '../../content/parse-memo.ts';
import type { ParseReuse } from '../../content/parse-reuse.ts';
import { buildModel } from '../../content/model.ts';
import { usedImages } from '../used-images.ts';
import { eventFacts } from '../event-facts.ts';
import { checkReferences, fieldKey, type KnownList } from '../../content/references.ts';
import { collections, kindOf, type ContentKind } from '../../content/kinds.ts';
import { knownEntries } from '../../content/data-files.ts';
import type { ByLocale, SiteModel } from '../../content/types.ts';
import type { KindsContent, ValidContent } from '../../content/validate.ts';
import type { Club } from '../../content/schemas/data.ts';
import type { Problem } from '../../errors/site-error.ts';
import type { YamlSource } from '../../source/yaml-source.ts';
import { DEV_VALIDATION } from '../content-stages.ts';
import type { ContentState, ItemRef } from './content-state.ts';

/**
 * - `full`: the edit may reach beyond its item (a new id, slug or date, a new file): rebuild all.
 * - `patched`: the item is valid and the site is `state`; pages and redirects are unchanged.
 * - `broken`: the item has errors; the site keeps the item's previous version meanwhile.
 */
export type PatchResult =
  | { kind: 'full'; reason: string }
  | { kind: 'patched'; state: ContentState; item: ItemRef; problems: Problem[]; images: string[] }
  | { kind: 'broken'; item: ItemRef; problems: Problem[] };

type Item = Record<Locale, ValidItem<unknown>>;
type ModelItem = ByLocale<Record<string, unknown>>;

/**
 * The fast path of `site dev`: one edited Markdown file of an existing item, checked on its own.
 * Everything the full validation would report about this item is found here too (front matter,
 * schema, translation, references, slug); what could involve other items (an id, and so
 * duplicates and orphans; a slug, and so paths and collisions; the fields its kind is ordered
 * by, and its publication date) must stay as it was, or the caller runs the full path. Every kind
 * alike, as cli/content/kinds.ts declares it. tests/dev/patch.test.ts holds
 * the two paths to the same result. `clubs`: the ids a reference may name (`knownClubs` of
 * clubs.yaml as it reads now). `validation`: dev's by default; `site build` patches a stored
 * state with its own (./stored-start.ts).
 */
export function patchItem(
  state: ContentState,
  file: string,
  textOf: (path: string) => string | undefined,
  markdown: (text: string) => string,
  clubs: KnownList | undefined,
  memo: ParseReuse = new ParseMemo(),
  validation: Omit<CollectionOptions, 'memo'> = DEV_VALIDATION,
): PatchResult {
  const ref = state.index.items.get(file);
  const kind = classify(file);
  if (!ref || kind.kind !== 'markdown' || kind.collection !== ref.collection)
    return { kind: 'full', reason: 'not an item of the site' };
  const problems: Problem[] = [];
  const raws: Partial<Record<Locale, RawItem>> = {};
  for (const [locale, path] of Object.entries(ref.files) as Array<[Locale, string]>) {
    const text = textOf(path);
    if (text === undefined) return { kind: 'full', reason: `${path} is gone` };
    const split = memo.frontMatter({ path, text });
    if ('code' in split) problems.push(split);
    else if (split.meta.problems.length) problems.push(...split.meta.problems);
    else {
      raws[locale] = rawItem(ref.collection, path.slice(path.lastIndexOf('/') + 1, -'.md'.length), path, split);
      if (raws[locale].key !== ref.key) return { kind: 'full', reason: 'the id changed' };
    }
  }
  // Unreadable front matter: its id is unknown, so the item is taken to keep the one it had.
  if (problems.length) return { kind: 'broken', item: ref, problems };

  const own = { nl: [raws.nl!], en: raws.en ? [raws.en] : [] };
  // In validateContent's order: Markdown limits of the files, then the collection's checks.
  problems.push(...[...own.nl, ...own.en].flatMap((raw) => memo.markdownLimits(raw)));
  const declared = kindOf(ref.collection);
  const validated = validateCollection(declared, own, validation);
  problems.push(...validated.problems);
  const item = validated.items[0] as Item | undefined;
  if (!item)
    return problems.some((p) => p.severity === 'error')
      ? { kind: 'broken', item: ref, problems }
      : { kind: 'full', reason: 'the item left the site' };

  const referring = Object.values(raws).map((raw) => ({
    file: raw.file,
    data: raw.source.meta.data,
    references: declared.references,
    lineOf: raw.source.meta.lineOf,
  }));
  const reported = new Set(
    problems.flatMap((p) => (p.location && p.field ? [fieldKey(p.location.file, p.field)] : [])),
  );
  problems.push(
    ...checkReferences(
      referring,
      {
        images: state.model.images,
        routes: Object.keys(state.config.routes),
        ...(clubs ? { clubs } : {}),
      },
      reported,
    ),
  );

  // The model of this one item: every kind empty but its own.
  const content: ValidContent = { ...state.content, ...noItems(), [ref.collection]: [item] };
  const built = buildModel(state.config, content, state.model.images, markdown);
  problems.push(...built.problems);
  if (problems.some((p) => p.severity === 'error')) return { kind: 'broken', item: ref, problems };

  const modelled = built.model[ref.collection];
  const fresh = (modelled instanceof Map ? modelled.get(ref.key) : modelled[0]) as ModelItem;
  const model = replaceInModel(state.model, ref, declared, fresh);
  if (!model) return { kind: 'full', reason: 'its slug or date changed' };
  const list = state.content[ref.collection] as Item[];
  const replaced = list.map((old) => (old.nl.key === ref.key ? item : old));
  const images = [...usedImages({ ...noItems(), clubs: [], [ref.collection]: [item] })];
  // An event's capacity, deadline or questions reach the registration functions through site.json's
  // events: keep them current, or a sign-up in site dev would be checked against the old ones.
  const index =
    ref.collection === 'events'
      ? { ...state.index, manifest: { ...state.index.manifest, events: eventFacts(model.events, state.pages) } }
      : state.index;
  return {
    kind: 'patched',
    state: { ...state, content: { ...state.content, [ref.collection]: replaced }, model, index },
    item: ref,
    problems,
    images,
  };
}

/**
 * The state of a patch that says nothing: the item valid without a problem, and no warning of the
 * site's on its files. A build takes only such a patch (else the full path): it says every warning
 * of the site in the order the validation finds them (./stored-start.ts, `site build --watch`).
 */
export function quietPatch(result: PatchResult, warnings: readonly Problem[]): ContentState | undefined {
  if (result.kind !== 'patched' || result.problems.length) return undefined;
  const files: string[] = Object.values(result.item.files);
  return warnings.some((p) => p.location && files.includes(p.location.file)) ? undefined : result.state;
}

/** The clubs a reference may name, as the full validation finds them in clubs.yaml (its partial list when the YAML has an error). */
export const knownClubs = (source: YamlSource): KnownList | undefined =>
  knownEntries(
    source,
    (data) => data,
    (club) => (typeof club.name === 'string' ? club.name : ''),
  );

/**
 * The same ids from the valid clubs (a stored state's: ./stored-start.ts), without clubs.yaml
 * parsed again (~12 ms of an edit build at 4,000 sources). Valid content has every entry of the
 * file, in its order (one invalid stops the build); a name is the trimmed one, which only a
 * problem's message shows, and a patch with a problem takes the full path.
 */
export const validClubs = (clubs: readonly Club[]): KnownList => ({
  names: new Map(clubs.map((club) => [String(club.id), club.name])),
});

const noItems = () => Object.fromEntries(collections.map((collection) => [collection, []])) as unknown as KindsContent;

/**
 * The model with one item swapped, if that changes neither a URL nor the order of a list nor a
 * page's date: its slug, the fields its kind is ordered by and its publication date stay.
 */
function replaceInModel(model: SiteModel, ref: ItemRef, kind: ContentKind, fresh: ModelItem): SiteModel | undefined {
  const modelled: Map<string, ModelItem> | ModelItem[] = model[ref.collection];
  if (modelled instanceof Map) return { ...model, [ref.collection]: new Map(modelled).set(ref.key, fresh) };
  const index = modelled.findIndex((old) => String(old.nl.data.id) === ref.key);
  const old = modelled[index];
  if (!old) return undefined;
  const fields = [
    'slug',
    ...(kind.order ?? []).map((order) => order.field),
    ...(kind.publishDate === undefined ? [] : [kind.publishDate]),
  ];
  const same = (locale: Locale) => fields.every((field) => old[locale].data[field] === fresh[locale].data[field]);
  if (!same('nl') || !same('en')) return undefined;
  const next = [...modelled];
  next[index] = fresh;
  return { ...model, [ref.collection]: next };
}
