import type { SiteConfig } from '../../shared/config.ts';
import type { Locale } from '../../shared/locale.ts';
import type { Club, Lessons, Strings } from './schemas/data.ts';
import type { ItemCollection, KindText, TextCollection } from './kinds.ts';

export type { PageText, Section } from './page-text.ts';

/** One language of one content item, ready for templates. */
export interface Localized<T> {
  locale: Locale;
  data: T;
  /** Body rendered from Markdown to HTML. */
  html: string;
  /** The file this text came from (the Dutch one when `fallback`). */
  source: string;
  /** True when the item has no translation and shows the Dutch text. */
  fallback: boolean;
}

/** One language of an item of a kind with ids, as templates read it. */
export type ItemText<C extends ItemCollection> = KindText<C> & { slug: string };
export type NewsText = ItemText<'news'>;
export type EventText = ItemText<'events'>;
export type JobText = ItemText<'jobs'>;

export type ByLocale<T> = Record<Locale, Localized<T>>;

/**
 * Every kind of content (kinds.ts) under its folder's name: pages of text by file name (a route
 * name, or not-found / error), the items of the other kinds in their declared order, each with
 * its `slug`.
 */
export type KindsModel = { [C in TextCollection]: Map<string, ByLocale<KindText<C>>> } & {
  [C in ItemCollection]: Array<ByLocale<ItemText<C>>>;
};

export type SiteModel = KindsModel & {
  config: SiteConfig;
  strings: Record<Locale, Strings>;
  clubs: Array<Club & { slug: string }>;
  lessons: Lessons;
  /** Image name to project-relative source file. */
  images: Map<string, string>;
};
