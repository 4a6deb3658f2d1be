import { z } from 'zod';

/**
 * What the registration functions know of an event: written into dist/site.json by the build
 * (cli/build/event-facts.ts) from the event's content file, so capacity, deadline and start come
 * from the built site and never from the visitor's request.
 */
const localDateTime = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/, 'a local date and time like 2027-03-14T10:00');
const byLocale = z.object({ nl: z.string().min(1), en: z.string().min(1) });
const question = z.object({
  id: z.string().min(1),
  type: z.enum(['text', 'number', 'select']),
  label: z.string(),
  required: z.boolean(),
  min: z.number().optional(),
  max: z.number().optional(),
  options: z.array(z.string()).optional(),
});

export const eventFactsSchema = z.object({
  id: z.number().int().positive(),
  title: byLocale,
  start: localDateTime,
  end: localDateTime,
  deadline: localDateTime,
  capacity: z.number().int().positive(),
  /** The event's page per language (canonical path). */
  page: byLocale,
  /** The event's calendar file per language (.ics); absent in a site.json built before there were any. */
  calendar: byLocale.optional(),
  /** Per language: a translation may word (or even ask) its questions its own way. */
  questions: z.object({ nl: z.array(question), en: z.array(question) }),
});

export type EventFacts = z.infer<typeof eventFactsSchema>;
export type EventQuestionFacts = z.infer<typeof question>;

/** An event of the built site by id; drafts and unknown ids are simply not there. */
export function findEvent(events: readonly EventFacts[], id: number): EventFacts | undefined {
  return events.find((event) => event.id === id);
}
