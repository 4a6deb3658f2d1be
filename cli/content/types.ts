import type { Locale, SiteConfig } from '../config/schema.ts';
import type { Club, Lessons, Strings } from './schemas/data.ts';
import type { EventData, JobData, NewsData, PageData } from './schemas/markdown.ts';

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

export interface Section {
  id: string;
  title: string;
  html: string;
  image?: string;
  cta?: { label: string; route: string } | { label: string; href: string };
}

export type PageText = Omit<PageData, 'sections' | 'faq'> & {
  sections: Section[];
  faq: Array<{ question: string; html: string }>;
};
export type NewsText = NewsData & { slug: string };
export type EventText = EventData & { slug: string };
export type JobText = JobData & { slug: string };

export type ByLocale<T> = Record<Locale, Localized<T>>;

export interface SiteModel {
  config: SiteConfig;
  strings: Record<Locale, Strings>;
  clubs: Array<Club & { slug: string }>;
  lessons: Lessons;
  /** Page texts by file name (a route name, or not-found / error). */
  pages: Map<string, ByLocale<PageText>>;
  news: Array<ByLocale<NewsText>>;
  events: Array<ByLocale<EventText>>;
  jobs: Array<ByLocale<JobText>>;
  /** Image name to project-relative source file. */
  images: Map<string, string>;
}
