import { z } from 'zod';

/**
 * Date.parse accepts 2025-02-30 (it rolls over to 2 March), so a date is real only if it comes
 * back unchanged. `abort` stops at the format check: one mistake, one message.
 */
const realDay = (s: string) => {
  const day = s.slice(0, 10);
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
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
