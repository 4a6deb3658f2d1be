import type { Locale } from '../../shared/locale.ts';
import type { ItemEntity } from '../content/kinds.ts';

/** What a page shows: a fixed page, or one item of a collection. */
export type PageEntity =
  | { kind: 'static' }
  /** Page `page` of `pages` of a paginated list (the news). */
  | { kind: 'listing'; page: number; pages: number }
  /** One item of a content kind, named by its declaration's `entity` (cli/content/kinds.ts). */
  | { kind: ItemEntity; id: number }
  | { kind: 'club'; id: number }
  | { kind: 'status'; status: 404 | 500 }
  /** What a form posted without JavaScript led to: the form that was sent, or why it was not. */
  | { kind: 'form-result'; id: string };

export interface PageRoute {
  /** Unique per language: `news-article:12`, `camps`, `status:404`. */
  key: string;
  /** A route of site.config.yaml, or the page text of a status page. */
  route: string;
  locale: Locale;
  layout: 'default' | 'empty' | 'news';
  entity: PageEntity;
  /** URL paths this page is written at: Dutch twice (/x and /nl/x), English once (/en/x). */
  paths: string[];
  /** Path of the canonical link; also the path the sitemap lists. */
  canonical: string;
  /** hreflang alternates; status pages and shells have none. */
  alternates?: { nl: string; en: string; 'x-default': string };
  /** Filled in the browser (a registration); listed neither in the sitemap nor in link checks. */
  shell: boolean;
  /** For the sitemap. */
  lastmod?: string;
}

export interface Redirect {
  /** An exact path, or a prefix ending in `*` (wrong slugs: `/nieuws/12-*`). */
  from: string;
  to: string;
  status: 301 | 302;
}

/**
 * Where a page or a redirect rule comes from, for error messages (a collision names both sides):
 * the file, and when the file holds many entries, which one.
 */
export interface Origin {
  file: string;
  /** The entry in words: "club 3", "legacy path /principles". */
  entry?: string;
  /** Field path of the entry in the file, for its line: [2, 'wpPath'] is the third club's wpPath. */
  at?: ReadonlyArray<string | number>;
}
