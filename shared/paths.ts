import type { SiteConfig } from './config.ts';
import type { Locale } from './locale.ts';

export type RouteParams = { id?: number | string; slug?: string };

/** Fill `:id` and `:slug` of a route pattern. A missing parameter is a bug in the caller. */
export function fillPattern(pattern: string, params: RouteParams): string {
  return pattern.replace(/:(id|slug)/g, (_, name: 'id' | 'slug') => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`route ${pattern} needs :${name}`);
    return String(value);
  });
}

/** Prefix a locale-free path: `/` + en -> `/en`, `/kampen` + nl -> `/nl/kampen`. */
export const withPrefix = (prefix: string, path: string): string => (path === '/' ? prefix || '/' : `${prefix}${path}`);

/**
 * Every URL path a page is published at. Dutch pages live unprefixed (canonical) and under
 * /nl; English pages under /en.
 */
export function pathVariants(locale: Locale, path: string): string[] {
  return locale === 'nl' ? [path, withPrefix('/nl', path)] : [withPrefix('/en', path)];
}

/** An event's calendar file (.ics) sits beside its page: `/evenementen/1-open-dag.ics`. */
export const calendarPath = (eventPage: string): string => `${eventPage}.ics`;

/** The news feeds of one language sit under its news list: `/nieuws/rss.xml`, `/en/news/atom.xml`. */
export const feedPaths = (newsList: string): { rss: string; atom: string } => ({
  rss: `${newsList}/rss.xml`,
  atom: `${newsList}/atom.xml`,
});

/** The canonical path of a route in a locale (the first variant). */
export function routePath(config: SiteConfig, route: string, locale: Locale, params: RouteParams = {}): string {
  const pattern = config.routes[route];
  // The config names every route the code links to (builtInRoutes); another is a bug in the caller.
  if (!pattern) throw new Error(`no route "${route}" in site.config.yaml`);
  return pathVariants(locale, fillPattern(pattern[locale], params))[0]!;
}

/** The locale a URL path belongs to, and the path without its prefix. */
export function splitLocale(path: string): { locale: Locale; prefixed: boolean; rest: string } {
  const match = /^\/(nl|en)(?=\/|$)/.exec(path);
  if (!match) return { locale: 'nl', prefixed: false, rest: path };
  return { locale: match[1] as Locale, prefixed: true, rest: path.slice(match[0].length) || '/' };
}

/** File in dist/public for a URL path: `/` -> index.html, `/en/camps` -> en/camps.html. */
export const outputFile = (path: string): string => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

/**
 * Title-cased last path segment: the title of a page without one (spec 2). The locale prefix is
 * not a segment of the page, so /en (the English home) has none, like /.
 */
export function titleFromPath(path: string): string {
  const segment = splitLocale(path).rest.split('/').filter(Boolean).pop() ?? '';
  return segment
    .split('-')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/** The page title: its own, else the path's last segment, else (404/500) the status and message. */
export function pageTitle(options: { title?: string; path: string; status?: number; statusMessage?: string }): string {
  if (options.status && options.status >= 400) return `${options.status} ${options.statusMessage ?? ''}`.trim();
  return options.title?.trim() || titleFromPath(options.path) || 'Home';
}

/** Canonical URL: only whitelisted query parameters, sorted by name (spec 2). */
export function canonicalUrl(
  siteUrl: string,
  path: string,
  query: URLSearchParams | string,
  whitelist: readonly string[],
): string {
  const params = new URLSearchParams(query);
  const kept = [...params.entries()]
    .filter(([name]) => whitelist.includes(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(kept).toString();
  return `${siteUrl}${path === '/' ? '' : path}${search ? `?${search}` : ''}` || '/';
}
