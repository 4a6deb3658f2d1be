/**
 * The date fields' calendar check (cli/content/schemas/common.ts) is arithmetic since issue 21;
 * it must accept exactly the days Date reads back unchanged, as the check it replaced did, over
 * every month and day number around the edges, in common, leap and century years.
 */
import { describe, expect, test } from 'vitest';
import { isoDate, localDateTime } from '../../cli/content/schemas/common.ts';

/** The check as it was: a day is real when Date gives it back unchanged. */
const byDate = (day: string) => {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const years = [0, 1, 4, 100, 400, 1900, 1970, 2000, 2023, 2024, 2025, 2100, 2400, 9999];
const numbers = [...Array(34).keys(), 39, 40, 99];
const days = years.flatMap((year) =>
  numbers.flatMap((month) => numbers.map((day) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`)),
);

describe('real calendar days', () => {
  test('a date is accepted exactly when Date reads it back unchanged', () => {
    const wrong = days.filter((day) => isoDate.safeParse(day).success !== byDate(day));
    expect(wrong).toEqual([]);
    expect(days.filter((day) => byDate(day)).length).toBeGreaterThan(years.length * 360);
  });

  test('a date and time: the same days, and its messages', () => {
    const wrong = days.filter((day) => localDateTime.safeParse(`${day}T10:30`).success !== byDate(day));
    expect(wrong).toEqual([]);
    const message = (value: string) => localDateTime.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(message('2025-02-29T10:00')).toEqual(['a real date and time']);
    expect(message('2025-02-29 10:00')).toEqual(['a date and time like "2027-03-14T10:00"']);
    expect(isoDate.safeParse('2024-02-29').success).toBe(true);
  });
});
