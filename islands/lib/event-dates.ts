/** Dates of events in the page's language, as the content wrote them (Dutch local time). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "zaterdag 14 maart 2027, 10:00" from a content time (written as Dutch local time, shown as written). */
export function formatEventDate(iso: string, locale: 'nl' | 'en', withTime = true): string {
  let format = dateFormats.get(locale);
  if (!format)
    dateFormats.set(
      locale,
      (format = new Intl.DateTimeFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', {
        timeZone: 'UTC',
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      })),
    );
  const day = format.format(new Date(`${iso.slice(0, 10)}T12:00:00Z`));
  return withTime && iso.length >= 16 ? `${day}, ${iso.slice(11, 16)}` : day;
}
