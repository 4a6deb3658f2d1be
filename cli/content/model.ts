import type { SiteConfig } from '../../shared/config.ts';
import type { Locale } from '../../shared/locale.ts';
import { problem, type Problem } from '../errors/site-error.ts';
import type { ValidItem } from './collection-items.ts';
import { slugify } from './slug.ts';
import { withFieldValues } from './field-values.ts';
import { itemSlug } from './address.ts';
import { collections, kindOf, type ContentKind, type ItemFields } from './kinds.ts';
import type { ByLocale, KindsModel, Localized, SiteModel } from './types.ts';
import type { ValidContent } from './validate.ts';

/**
 * The Markdown each text's `html` was rendered from (`renderMarkdown(body)`, a function of that
 * text alone): page prints (cli/build/page-prints.ts) cover a body by its Markdown's key, without
 * hashing the HTML.
 */
export const bodyMarkdown = new WeakMap<Localized<unknown>, string>();

/**
 * Markdown to HTML. `shared`, given by a build whose bodies were rendered into shared memory
 * (cli/build/markdown-stage.ts): the text given, which has no `html` yet, is given one that reads
 * the body from there, and true; false when the body is not there, and it is rendered.
 */
export type MarkdownRenderer = ((markdown: string) => string) & {
  shared?: (text: object, markdown: string) => boolean;
};

/** A text of one language, its `html` its body's HTML or read from shared memory (`MarkdownRenderer.shared`). */
function textOf<U>(
  fields: Omit<Localized<U>, 'html'>,
  markdown: string,
  renderMarkdown: MarkdownRenderer,
): Localized<U> {
  const { locale, data, source, fallback } = fields;
  // Its properties added in this order, whether `html` is a value or an accessor: a digest stringifies them in order.
  const text = { locale, data } as Localized<U>;
  if (!renderMarkdown.shared?.(text, markdown)) text.html = renderMarkdown(markdown);
  text.source = source;
  text.fallback = fallback;
  bodyMarkdown.set(text, markdown);
  return text;
}

const byLocale = <T, U>(
  item: Record<Locale, ValidItem<T>>,
  shape: (valid: ValidItem<T>) => U,
  renderMarkdown: MarkdownRenderer,
): ByLocale<U> => {
  const one = (valid: ValidItem<T>): Localized<U> =>
    textOf(
      { locale: valid.locale, data: shape(valid), source: valid.file, fallback: valid.fallback },
      valid.body,
      renderMarkdown,
    );
  const nl = one(item.nl);
  // A fallback shows the Dutch text: rendered once, its data and HTML are the Dutch text's.
  if (!item.en.fallback) return { nl, en: one(item.en) };
  return {
    nl,
    en: textOf({ locale: 'en', data: nl.data, source: nl.source, fallback: true }, item.nl.body, renderMarkdown),
  };
};

/** The address part after the id (address.ts); one that is empty is a content error. */
function slugOf(valid: ValidItem<ItemFields>, problems: Problem[]): string {
  const slug = itemSlug(valid.data, valid.file);
  if (!slug) {
    problems.push(
      problem(
        'CONTENT_SCHEMA_MISMATCH',
        {
          field: 'title',
          collection: 'item',
          problem: `the title ${JSON.stringify(valid.data.title)} gives no letters or digits for the URL; add a \`slug\` field`,
        },
        { location: { file: valid.file }, field: 'title' },
      ),
    );
  }
  return slug || String(valid.data.id ?? 'item');
}

/** A list in its kind's declared order: by each field in turn, text alphabetically, numbers by value. */
function inOrder<T extends ByLocale<Record<string, unknown>>>(
  items: T[],
  order: NonNullable<ContentKind['order']>,
): T[] {
  const compare = (a: unknown, b: unknown): number =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
  return items.sort((a, b) => {
    for (const { field, descending } of order) {
      const difference = descending
        ? compare(b.nl.data[field], a.nl.data[field])
        : compare(a.nl.data[field], b.nl.data[field]);
      if (difference) return difference;
    }
    return 0;
  });
}

/**
 * One kind's items as templates read them: each language's data with its Markdown fields as HTML
 * (the kind's `html`); pages of text by name, items of the other kinds with their slug, in order.
 */
function kindModel(
  kind: ContentKind,
  items: Array<Record<Locale, ValidItem<unknown>>>,
  renderMarkdown: MarkdownRenderer,
  problems: Problem[],
) {
  // The data passed the kind's schema, whose output its `html` takes.
  const rendered = (data: unknown) =>
    (kind.markdown ?? []).reduce((shaped, pattern) => withFieldValues(shaped, pattern, renderMarkdown), data);
  const text = (valid: ValidItem<unknown>) =>
    (kind.html ? kind.html(valid.data as never, renderMarkdown) : rendered(valid.data)) as Record<string, unknown>;
  if (kind.key === 'file') return new Map(items.map((item) => [item.nl.key, byLocale(item, text, renderMarkdown)]));
  const withSlug = (valid: ValidItem<unknown>) => ({
    ...text(valid),
    slug: slugOf(valid as ValidItem<ItemFields>, problems),
  });
  return inOrder(
    items.map((item) => byLocale(item, withSlug, renderMarkdown)),
    kind.order ?? [],
  );
}

/**
 * Typed, cross-referenced model of the whole site. `renderMarkdown` turns Markdown into HTML
 * (the build passes a cached, parallel one).
 */
export function buildModel(
  config: SiteConfig,
  content: ValidContent,
  images: Map<string, string>,
  renderMarkdown: MarkdownRenderer,
): { model: SiteModel; problems: Problem[] } {
  const problems: Problem[] = [];
  // Each kind modelled as its declaration says: the types of KindsModel are read from the same declarations.
  const kinds = Object.fromEntries(
    collections.map((collection) => [
      collection,
      kindModel(kindOf(collection), content[collection], renderMarkdown, problems),
    ]),
  ) as unknown as KindsModel;
  const model: SiteModel = {
    config,
    strings: content.strings,
    clubs: content.clubs.map((club) => ({ ...club, slug: slugify(club.name) })),
    lessons: content.lessons,
    ...kinds,
    images,
  };
  return { model, problems };
}
