import { createContext, useContext } from 'react';
import type { Locale } from '../../cli/config/schema.ts';
import type { Strings } from '../../cli/content/schemas/data.ts';
import { routePath, type RouteParams } from '../../cli/routes/paths.ts';
import type { RenderInput } from '../../cli/build/types.ts';
import { sharedParts, type SharedParts } from './shared-parts.tsx';
import type { PageFound } from './share-card.ts';

export interface Site extends RenderInput {
  locale: Locale;
  /** UI string by dotted key, `{name}` placeholders filled. */
  t(key: string, params?: Record<string, string | number>): string;
  /** Path of a route in this page's language (or another). */
  href(route: string, params?: RouteParams, locale?: Locale): string;
  /** HTML of the parts every page of this language shares (lib/shared-parts.tsx). */
  shared: SharedParts;
  /** Filled while the page renders with what the build needs afterwards (the page's card). */
  found?: PageFound;
}

const SiteContext = createContext<Site | null>(null);
export const SiteProvider = SiteContext.Provider;

export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() outside <SiteProvider>: render pages through templates/entry.tsx');
  return site;
}

// Every string of a strings file by its dotted key, made once per file: pages ask for hundreds.
const flattened = new WeakMap<Strings, Map<string, string>>();

function flatten(strings: Strings, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(strings)) {
    if (typeof value === 'string') into.set(prefix + key, value);
    else if (value && typeof value === 'object') flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

function lookup(strings: Strings, key: string): string | undefined {
  let byKey = flattened.get(strings);
  if (!byKey) flattened.set(strings, (byKey = flatten(strings)));
  return byKey.get(key);
}

export function createSite(input: RenderInput, found?: PageFound): Site {
  const locale = input.page.locale;
  const site: Omit<Site, 'shared'> = {
    ...input,
    locale,
    t(key, params = {}) {
      const text = lookup(input.model.strings[locale], key) ?? lookup(input.model.strings.nl, key);
      if (text === undefined) throw new Error(`UI string "${key}" is missing from content/${locale}/strings.yaml`);
      return text.includes('{') ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
    },
    href: (route, params = {}, other = locale) => routePath(input.model.config, route, other, params),
  };
  return { ...site, shared: sharedParts(site), ...(found ? { found } : {}) };
}

const LONG_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
const dateFormats = new Map<string, Intl.DateTimeFormat>();
// Pages of lists repeat the same dates; formatting one costs more than remembering it.
const formattedDates = new Map<string, string>();

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const formatKey = `${locale}${options === LONG_DATE ? '' : JSON.stringify(options)}`;
  // Building a DateTimeFormat costs far more than using one, and pages format many dates.
  let format = dateFormats.get(formatKey);
  if (!format) dateFormats.set(formatKey, (format = new Intl.DateTimeFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', { timeZone: 'UTC', ...options })));
  return format;
}

/** Noon UTC of a content date's day: formatted in UTC, it is that day whatever the time. */
const calendarDay = (iso: string) => new Date(`${iso.slice(0, 10)}T12:00:00Z`);

/** A calendar date from `2026-10-02` or `2027-03-14T10:00` (local times stay as written). */
export function formatDate(iso: string, locale: Locale, options: Intl.DateTimeFormatOptions = LONG_DATE): string {
  const formatKey = `${locale}${options === LONG_DATE ? '' : JSON.stringify(options)}`;
  const day = iso.slice(0, 10);
  const known = formattedDates.get(formatKey + day);
  if (known !== undefined) return known;
  const text = dateFormat(locale, options).format(calendarDay(day));
  formattedDates.set(formatKey + day, text);
  return text;
}

/**
 * The days from `start` to `end`: one day as formatDate does, several as the language writes a
 * span ("26–30 juli 2027", "Mon 26 – Fri 30 July 2027"): a week-long camp is not one day (issue 19).
 */
export function formatDateSpan(start: string, end: string, locale: Locale, options: Intl.DateTimeFormatOptions = LONG_DATE): string {
  if (start.slice(0, 10) >= end.slice(0, 10)) return formatDate(start, locale, options);
  return dateFormat(locale, options).formatRange(calendarDay(start), calendarDay(end));
}

/** Whether an event runs over more than one day. */
export const spansDays = (event: { start: string; end: string }) => event.start.slice(0, 10) < event.end.slice(0, 10);

/** "€ 45" / "€ 16,50" (English "€45", "€16.50"): a price in euros in the page's language, cents only when there are some. */
export const formatPrice = (price: number, locale: Locale) =>
  new Intl.NumberFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', { style: 'currency', currency: 'EUR', minimumFractionDigits: Number.isInteger(price) ? 0 : 2 }).format(price);

/** `10:00` from `2027-03-14T10:00`. */
export const formatTime = (iso: string) => iso.slice(11, 16);
