/**
 * The site's languages, the one definition every package uses (site.config.yaml's
 * `locales.all` is checked against it in shared/config.ts). Dutch is the default: its pages live
 * unprefixed and under /nl, English pages under /en.
 */
export const locales = ['nl', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale = 'nl' satisfies Locale;

/** A path under /en belongs to the English site; every other path (/, /nl/...) is Dutch. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'nl';
}

/** Whether a path names its language (/nl/..., /en/...) rather than following the visitor's choice. */
export function isPrefixed(pathname: string): boolean {
  return /^\/(nl|en)(\/|$)/.test(pathname);
}
