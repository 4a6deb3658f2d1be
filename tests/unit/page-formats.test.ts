import { describe, expect, test } from 'vitest';
import { formatPrice } from '../../templates/lib/site.tsx';
import { amsterdamIso } from '../../shared/zoned-time.ts';

// Both keep what they made (a formatter per language and precision, the text of each date): a
// second call must answer as the first, whatever was asked in between.
describe('prices and dates as pages write them', () => {
  test('cents only when a price has some, in each language, in any order', () => {
    const asked: Array<[number, 'nl' | 'en']> = [
      [45, 'nl'],
      [16.5, 'nl'],
      [45, 'en'],
      [16.5, 'en'],
      [45, 'nl'],
      [16.5, 'nl'],
    ];
    expect(asked.map(([price, locale]) => formatPrice(price, locale).replace(/\s/g, ' '))).toEqual([
      '€ 45',
      '€ 16,50',
      '€45',
      '€16.50',
      '€ 45',
      '€ 16,50',
    ]);
  });

  test("a date's ISO text with the offset of its own day, the same when asked again", () => {
    const dates = ['2027-03-28T01:59', '2027-03-28T03:00', '2027-10-31T12:00', '2026-10-02'];
    const expected = [
      '2027-03-28T01:59:00+01:00',
      '2027-03-28T03:00:00+02:00',
      '2027-10-31T12:00:00+01:00',
      '2026-10-02T00:00:00+02:00',
    ];
    expect(dates.map(amsterdamIso)).toEqual(expected);
    expect(dates.map(amsterdamIso)).toEqual(expected);
  });

  test('a text that is no date fails every time it is asked, never remembered as an answer', () => {
    expect(() => amsterdamIso('2027-13-45')).toThrow('not a local date or time: "2027-13-45"');
    expect(() => amsterdamIso('2027-13-45')).toThrow('not a local date or time: "2027-13-45"');
  });
});
