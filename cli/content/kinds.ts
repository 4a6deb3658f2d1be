import type { z } from 'zod';
import type { Collection } from './classify.ts';
import type { FieldPattern } from './field-values.ts';
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
}

/**
 * One kind of Markdown content, declared once: the stages read these declarations instead of
 * knowing each kind (issue 20). `content/<locale>/<collection>/` holds its files.
 */
export interface ContentKind {
  collection: Collection;
  /** One file's front matter; also the source of the kind's JSON Schema (`site schema`). */
  schema: z.ZodType<unknown>;
  /** How a translation finds its original: the same file name (pages) or the same `id`. */
  key: 'file' | 'id';
  references: References;
  /** The publication date: an item dated after the build's day waits (left out unless --future). */
  publishDate?: string;
  /** What a page of one item shows (routes/types.ts PageEntity), and the pages each item gets (routes, redirects). */
  entity?: 'news' | 'event';
  itemPages: ItemPage[];
  /**
   * Lists of text a translation must set itself: left out, the English page would show the Dutch
   * text of the list (an event's form questions) without any notice.
   */
  translatedLists?: string[];
}

export const contentKinds: Record<Collection, ContentKind> = {
  pages: {
    collection: 'pages',
    schema: pageSchema,
    key: 'file',
    references: { image: ['hero.image', 'sections.*.image'], route: ['sections.*.cta.route'] },
    // A page of text is published at its route (site.config.yaml), not per item.
    itemPages: [],
  },
  news: {
    collection: 'news',
    schema: newsSchema,
    key: 'id',
    references: { image: ['image'] },
    publishDate: 'date',
    entity: 'news',
    itemPages: [{ route: 'news-article', anySlug: true }],
  },
  events: {
    collection: 'events',
    schema: eventSchema,
    key: 'id',
    references: { image: ['image'], club: ['location.club'] },
    translatedLists: ['questions'],
    entity: 'event',
    itemPages: [
      { route: 'event', anySlug: true },
      { route: 'event-signup', anySlug: false },
    ],
  },
  // Vacancies are shown on the jobs page only.
  jobs: { collection: 'jobs', schema: jobSchema, key: 'id', references: {}, itemPages: [] },
};

/** The data files: one file each, where it lives, its schema and what it refers to. */
export const dataFiles = {
  clubs: { file: 'content/data/clubs.yaml', name: 'club', schema: clubsSchema, references: { image: ['*.image'], region: ['*.region'] } as References },
  lessons: { file: 'content/data/lessons.yaml', name: 'lessons file', schema: lessonsSchema, references: {} as References },
  strings: { file: 'content/<locale>/strings.yaml', name: 'strings file', schema: stringsSchema, references: {} as References },
} as const;
