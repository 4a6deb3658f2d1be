import type { Locale } from './locale.ts';

/**
 * Event dates in the page's or mail's language, as the content wrote them (Dutch local time,
 * shown as written: UTC in, UTC out, no zone shift). Shared by the registration islands and the
 * registration mails, which must say the same day.
 */
const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

/** "zaterdag 14 maart 2027" from a content time or date. */
export function eventDay(iso: string, locale: Locale): string {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(`${iso.slice(0, 10)}T12:00:00Z`));
}

/** "zaterdag 14 maart 2027, 10:00" from a content time (the day alone without `withTime`). */
export function formatEventDate(iso: string, locale: Locale, withTime = true): string {
  const day = eventDay(iso, locale);
  return withTime && iso.length >= 16 ? `${day}, ${iso.slice(11, 16)}` : day;
}
