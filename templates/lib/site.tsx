import { createContext, useContext } from 'react';
import type { Locale } from '../../shared/locale.ts';
import type { RouteParams } from '../../shared/paths.ts';
import type { RenderInput } from '../render-input.ts';
import type { PageFound } from './share-card.ts';

/** HTML of the parts every page of one language shares. */
export interface SharedParts {
  footer: string;
}

export interface Site extends RenderInput {
  locale: Locale;
  /** UI string by dotted key, `{name}` placeholders filled. */
  t(key: string, params?: Record<string, string | number>): string;
  /** Path of a route in this page's language (or another). */
  href(route: string, params?: RouteParams, locale?: Locale): string;
  /** HTML of the parts every page of this language shares (templates/shared-parts.tsx). */
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

const LONG_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
const dateFormats = new Map<string, Intl.DateTimeFormat>();
// Pages of lists repeat the same dates; formatting one costs more than remembering it.
const formattedDates = new Map<string, string>();

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const formatKey = `${locale}${options === LONG_DATE ? '' : JSON.stringify(options)}`;
  // Building a DateTimeFormat costs far more than using one, and pages format many dates.
  let format = dateFormats.get(formatKey);
  if (!format)
    dateFormats.set(
      formatKey,
      (format = new Intl.DateTimeFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', { timeZone: 'UTC', ...options })),
    );
  return format;
}

/** Noon UTC of a content date's day: formatted in UTC, it is that day whatever the time. */
const calendarDay = (iso: string) => new Date(`${iso.slice(0, 10)}T12:00:00Z`);

/**
 * The long date ("2 oktober 2026", "2 October 2026"), the one most pages show, written with the
 * month names Intl's formats use: a process's first Intl.DateTimeFormat costs ~25 ms (ICU loads its
 * date data), and a build after one news item's edit renders a few pages that show no other format
 * (issue 21). tests/unit/format-date.test.ts holds it to Intl's, day by day.
 */
const MONTHS: Record<Locale, readonly string[]> = {
  nl: 'januari februari maart april mei juni juli augustus september oktober november december'.split(' '),
  en: 'January February March April May June July August September October November December'.split(' '),
};
const longDate = (day: string, locale: Locale) =>
  `${Number(day.slice(8, 10))} ${MONTHS[locale][Number(day.slice(5, 7)) - 1]} ${Number(day.slice(0, 4))}`;

/** A calendar date from `2026-10-02` or `2027-03-14T10:00` (local times stay as written). */
export function formatDate(iso: string, locale: Locale, options: Intl.DateTimeFormatOptions = LONG_DATE): string {
  const formatKey = `${locale}${options === LONG_DATE ? '' : JSON.stringify(options)}`;
  const day = iso.slice(0, 10);
  const known = formattedDates.get(formatKey + day);
  if (known !== undefined) return known;
  const text = options === LONG_DATE ? longDate(day, locale) : dateFormat(locale, options).format(calendarDay(day));
  formattedDates.set(formatKey + day, text);
  return text;
}

/**
 * The days from `start` to `end`: one day as formatDate does, several as the language writes a
 * span ("26–30 juli 2027", "Mon 26 – Fri 30 July 2027"): a week-long camp is not one day (issue 19).
 */
export function formatDateSpan(
  start: string,
  end: string,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = LONG_DATE,
): string {
  if (start.slice(0, 10) >= end.slice(0, 10)) return formatDate(start, locale, options);
  return dateFormat(locale, options).formatRange(calendarDay(start), calendarDay(end));
}

/** Whether an event runs over more than one day. */
export const spansDays = (event: { start: string; end: string }) => event.start.slice(0, 10) < event.end.slice(0, 10);

// One currency format per language and precision, made once: pages of events and lessons show many prices.
const priceFormats = new Map<string, Intl.NumberFormat>();

/** "€ 45" / "€ 16,50" (English "€45", "€16.50"): a price in euros in the page's language, cents only when there are some. */
export function formatPrice(price: number, locale: Locale): string {
  const cents = !Number.isInteger(price);
  const formatKey = `${locale}${cents ? '.00' : ''}`;
  let format = priceFormats.get(formatKey);
  if (!format)
    priceFormats.set(
      formatKey,
      (format = new Intl.NumberFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', {
        style: 'currency',
        currency: 'EUR',
        minimumFractionDigits: cents ? 2 : 0,
      })),
    );
  return format.format(price);
}

/** `10:00` from `2027-03-14T10:00`. */
export const formatTime = (iso: string) => iso.slice(11, 16);
