import { z } from 'zod';

/** Days in each month of a common year (February: 29 in a leap year). */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether the text's YYYY-MM-DD (already matched by the format check) is a real day of the
 * proleptic Gregorian calendar, as Date reads it: 2025-02-30 is not (Date.parse would roll it
 * over to 2 March). By arithmetic, not a Date a field: ~4,000 fields of a large site (issue 21).
 * `abort` on the format check stops there: one mistake, one message.
 */
const realDay = (s: string) => {
  const year = Number(s.slice(0, 4));
  const month = Number(s.slice(5, 7));
  const day = Number(s.slice(8, 10));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!);
};
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'a date like "2026-10-02"', abort: true })
  .refine(realDay, 'a real calendar date');
export const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, {
    error: 'a date and time like "2027-03-14T10:00"',
    abort: true,
  })
  .refine(realDay, 'a real date and time');
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time like "09:30"');
export const weekday = z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
export const id = z.number().int().positive();
export const imageName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'an image name like court-clay-1 (a file in content/images, no extension)');
export const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a slug like nieuwe-gravelbanen');
export const anchorId = z.string().regex(/^[a-z][a-z0-9-]*$/, 'an anchor like lesson-types');
export const text = z.string().trim().min(1, 'text that is not blank');
/** Text in a data file that differs per language. */
export const localized = z.strictObject({ nl: text, en: text });
export type Localized = z.infer<typeof localized>;
