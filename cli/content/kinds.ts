import type { z } from 'zod';
import type { FieldPattern } from './field-values.ts';
import { pageText } from './page-text.ts';
import { eventSchema, jobSchema, newsSchema, pageSchema } from './schemas/markdown.ts';
import { clubsSchema, lessonsSchema, stringsSchema } from './schemas/data.ts';

/** What a field's value names elsewhere: an image file, a route, a club, a region of lessons.yaml. */
export type ReferenceTarget = 'image' | 'route' | 'club' | 'region';
export type References = Partial<Record<ReferenceTarget, FieldPattern[]>>;

/** A page every item of a kind gets: a route of site.config.yaml whose paths take :id and :slug. */
export interface ItemPage {
  route: string;
  /**
   * Wrong-slug addresses (`/nieuws/12-*`) redirect here. False for a page below the item's own
   * (an event's sign-up): the item page's rule keeps what follows the slug (functions/redirects.ts).
   */
  anySlug: boolean;
  /** The route has a text of its own, content/<locale>/pages/<route>.md (the sign-up form's). */
  pageText: boolean;
}

/** The fields an item with an id needs: its address is `<id>-<slug>` (address.ts). */
export interface ItemFields {
  id: number;
  title: string;
  slug?: string | undefined;
}

/** Keys of `T` whose value is text (a date to publish by). */
type TextField<T> = { [K in keyof T & string]: T[K] extends string ? K : never }[keyof T & string];

/** How a kind's list is ordered: by these fields in turn, text in alphabetical order, numbers by value. */
export interface OrderBy<T> {
  field: keyof T & string;
  descending?: boolean;
}

/**
 * One kind of Markdown content, declared once: validate, model, routes, redirects, the dev fast
 * path and the JSON Schemas read these declarations instead of knowing each kind (issue 20).
 * `content/<locale>/<collection>/` holds its files. `Data` is what its schema reads a file to;
 * `Text` what templates get of one language (its Markdown fields as HTML).
 */
interface Declaration<C extends string, S extends z.ZodType, Text> {
  /** Its folder under content/<locale>/, and its name in the model (`model.news`). */
  collection: C;
  /** One file's front matter; also the source of the kind's JSON Schema (`site schema`). */
  schema: S;
  /** The fields that name images, routes, clubs or regions (checked, with "did you mean"). */
  references: References;
  /**
   * The fields of the front matter that are Markdown, like the body: checked for Markdown no
   * renderer survives, and rendered to HTML where they stand (templates read HTML there).
   */
  markdown?: FieldPattern[];
  /** Instead of rendering `markdown` in place: what templates read of one language (pages: `html` beside each title). */
  html?: (data: z.output<S>, markdown: (text: string) => string) => Text;
  /**
   * Lists of text a translation must set itself: left out, the English page would show the Dutch
   * text of the list (an event's form questions) without any notice.
   */
  translatedLists?: Array<keyof z.output<S> & string>;
}

/** Pages of text: keyed by file name (a route's name), published at their route, not per item. */
export interface TextDeclaration<C extends string, S extends z.ZodType, Text> extends Declaration<C, S, Text> {
  key: 'file';
}

/** Items with an id: a translation is the file with the same id; each gets `slug` and its pages. */
export interface ItemDeclaration<C extends string, S extends z.ZodType, Text, E extends string>
  extends Declaration<C, S, Text> {
  key: 'id';
  /** The order of `model.<collection>`: lists and feeds show it as it is. */
  order: Array<OrderBy<z.output<S>>>;
  /** The publication date: an item dated after the build's day waits (left out unless --future); the sitemap's lastmod. */
  publishDate?: TextField<z.output<S>>;
  /** What a page of one item shows (routes/types.ts PageEntity): `{ kind: entity, id }`. */
  entity?: E;
  /** The pages each item gets (routes, redirects); none for a kind shown only in lists. */
  itemPages: ItemPage[];
}

const textKind = <const C extends string, S extends z.ZodType, Text = z.output<S>>(kind: TextDeclaration<C, S, Text>) =>
  kind;
const itemKind = <
  const C extends string,
  S extends z.ZodType<ItemFields>,
  const E extends string = never,
  Text = z.output<S>,
>(
  kind: ItemDeclaration<C, S, Text, E>,
) => kind;

/**
 * Every kind of Markdown content of the site. A new kind is an entry here, its routes in
 * site.config.yaml, its template and its files (docs/content.md, "A new kind of content").
 */
export const contentKinds = {
  pages: textKind({
    collection: 'pages',
    schema: pageSchema,
    key: 'file',
    references: { image: ['hero.image', 'sections.*.image'], route: ['sections.*.cta.route'] },
    markdown: ['sections.*.body', 'faq.*.answer'],
    html: pageText,
  }),
  news: itemKind({
    collection: 'news',
    schema: newsSchema,
    key: 'id',
    references: { image: ['image'] },
    order: [
      { field: 'date', descending: true },
      { field: 'id', descending: true },
    ],
    publishDate: 'date',
    entity: 'news',
    itemPages: [{ route: 'news-article', anySlug: true, pageText: false }],
  }),
  events: itemKind({
    collection: 'events',
    schema: eventSchema,
    key: 'id',
    references: { image: ['image'], club: ['location.club'] },
    order: [{ field: 'start' }],
    translatedLists: ['questions'],
    entity: 'event',
    itemPages: [
      { route: 'event', anySlug: true, pageText: false },
      { route: 'event-signup', anySlug: false, pageText: true },
    ],
  }),
  // Vacancies are shown on the jobs page only.
  jobs: itemKind({
    collection: 'jobs',
    schema: jobSchema,
    key: 'id',
    references: {},
    order: [{ field: 'id' }],
    itemPages: [],
  }),
};

type Kinds = typeof contentKinds;
/** A kind of content by its folder's name. */
export type Collection = keyof Kinds;
export const collections = Object.keys(contentKinds) as Collection[];
/** The kinds whose items have an id, a slug and an order. */
export type ItemCollection = { [C in Collection]: Kinds[C] extends { key: 'id' } ? C : never }[Collection];
export type TextCollection = Exclude<Collection, ItemCollection>;
/** One file's data as its kind's schema reads it. */
export type KindData<C extends Collection> = z.output<Kinds[C]['schema']>;
/** One language of an item as templates read it: its data with the Markdown fields as HTML. */
export type KindText<C extends Collection> = Kinds[C] extends { html?: (...args: never[]) => infer Text }
  ? Text
  : KindData<C>;
/** What a page of one item shows: `{ kind: 'news', id }`. */
export type ItemEntity = { [C in ItemCollection]: NonNullable<Kinds[C]['entity']> }[ItemCollection];

/** A declaration as the stages read every kind alike. */
export interface ContentKind {
  collection: Collection;
  schema: z.ZodType<unknown>;
  key: 'file' | 'id';
  references: References;
  markdown?: FieldPattern[];
  html?: (data: never, markdown: (text: string) => string) => unknown;
  translatedLists?: string[];
  order?: Array<{ field: string; descending?: boolean }>;
  publishDate?: string;
  entity?: ItemEntity;
  itemPages?: ItemPage[];
}

export const kindOf = (collection: Collection): ContentKind => contentKinds[collection];

/** The kind whose item pages show this entity. */
export function collectionOfEntity(entity: ItemEntity): ItemCollection {
  const found = collections.find((collection) => kindOf(collection).entity === entity);
  if (!found) throw new Error(`no content kind shows entity "${entity}"`);
  return found as ItemCollection;
}

/** The data files: one file each, where it lives, its schema and what it refers to. */
export const dataFiles = {
  clubs: {
    file: 'content/data/clubs.yaml',
    name: 'club',
    schema: clubsSchema,
    references: { image: ['*.image'], region: ['*.region'] } as References,
  },
  lessons: {
    file: 'content/data/lessons.yaml',
    name: 'lessons file',
    schema: lessonsSchema,
    references: {} as References,
  },
  strings: {
    file: 'content/<locale>/strings.yaml',
    name: 'strings file',
    schema: stringsSchema,
    references: {} as References,
  },
} as const;
