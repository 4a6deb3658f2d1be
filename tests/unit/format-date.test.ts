import { describe, expect, it } from 'vitest';
import { formatDate } from '../../templates/lib/site.tsx';
import { locales } from '../../shared/locale.ts';

describe('formatDate', () => {
  // The long date is written out without Intl (templates/lib/site.tsx says why): every day of
  // these years as Intl's formats write it, in each language, or a month's name or the order drifted.
  it.each(locales)("writes the long date as Intl's format does, every day (%s)", (locale) => {
    const intl = new Intl.DateTimeFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    const differing: string[] = [];
    for (let time = Date.UTC(1999, 0, 1, 12); time < Date.UTC(2041, 0, 1); time += 86_400_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      const expected = intl.format(new Date(time));
      if (formatDate(day, locale) !== expected || formatDate(`${day}T09:30`, locale) !== expected) differing.push(day);
    }
    expect(differing).toEqual([]);
  });

  it('formats other options through Intl', () => {
    expect(formatDate('2026-10-02', 'nl', { month: 'short' })).toBe('okt');
    expect(formatDate('2026-10-02', 'en', { weekday: 'long', day: 'numeric', month: 'long' })).toBe('Friday 2 October');
  });
});
