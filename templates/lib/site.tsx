import { createContext, useContext } from 'react';
import type { Locale, RouteName } from '../../cli/config/schema.ts';
import type { Strings } from '../../cli/content/schemas/data.ts';
import { routePath, type RouteParams } from '../../cli/routes/paths.ts';
import type { RenderInput } from '../../cli/build/types.ts';

export interface Site extends RenderInput {
  locale: Locale;
  /** UI string by dotted key, `{name}` placeholders filled. */
  t(key: string, params?: Record<string, string | number>): string;
  /** Path of a route in this page's language (or another). */
  href(route: RouteName, params?: RouteParams, locale?: Locale): string;
}

const SiteContext = createContext<Site | null>(null);
export const SiteProvider = SiteContext.Provider;

export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() outside <SiteProvider>: render pages through templates/entry.tsx');
  return site;
}

function lookup(strings: Strings, key: string): string | undefined {
  let value: string | Strings | undefined = strings;
  for (const part of key.split('.')) value = typeof value === 'object' ? value[part] : undefined;
  return typeof value === 'string' ? value : undefined;
}

export function createSite(input: RenderInput): Site {
  const locale = input.page.locale;
  return {
    ...input,
    locale,
    t(key, params = {}) {
      const text = lookup(input.model.strings[locale], key) ?? lookup(input.model.strings.nl, key);
      if (text === undefined) throw new Error(`UI string "${key}" is missing from content/${locale}/strings.yaml`);
      return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
    },
    href: (route, params = {}, other = locale) => routePath(input.model.config, route, other, params),
  };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar date from `2026-10-02` or `2027-03-14T10:00` (local times stay as written). */
export function formatDate(iso: string, locale: Locale, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' }): string {
  // Building a DateTimeFormat costs far more than using one, and pages format many dates.
  const key = `${locale}${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', { timeZone: 'UTC', ...options })));
  return format.format(new Date(`${iso.slice(0, 10)}T12:00:00Z`));
}

/** `10:00` from `2027-03-14T10:00`. */
export const formatTime = (iso: string) => iso.slice(11, 16);
