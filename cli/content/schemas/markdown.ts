import { z } from 'zod';
import { anchorId, id, imageName, isoDate, localDateTime, slug, text } from './common.ts';


const cta = z.union([
  z.strictObject({ label: text, route: z.string().min(1) }),
  z.strictObject({ label: text, href: z.url() }),
]);

export const pageSchema = z.strictObject({
  title: text,
  description: z.string().trim().min(50, 'at least 50 characters').max(160, 'at most 160 characters'),
  hero: z.strictObject({
    image: imageName,
    subtitle: text.optional(),
    size: z.enum(['default', 'large']).default('default'),
    colorBar: z.boolean().default(false),
  }),
  sections: z
    .array(z.strictObject({ id: anchorId, title: text, body: text, image: imageName.optional(), cta: cta.optional() }))
    .default([]),
  faq: z.array(z.strictObject({ question: text, answer: text })).default([]),
  draft: z.boolean().default(false),
});

export const newsSchema = z.strictObject({
  id,
  title: text,
  slug: slug.optional(),
  date: isoDate,
  image: imageName,
  summary: text.pipe(z.string().max(200, 'at most 200 characters')),
  author: text.optional(),
  draft: z.boolean().default(false),
});

const question = z.discriminatedUnion('type', [
  z.strictObject({ id: anchorId.or(z.string().regex(/^[a-z][a-zA-Z0-9]*$/)), type: z.literal('text'), label: text, required: z.boolean().default(false) }),
  z.strictObject({
    id: z.string().regex(/^[a-z][a-zA-Z0-9]*$/),
    type: z.literal('number'),
    label: text,
    required: z.boolean().default(false),
    min: z.number().optional(),
    max: z.number().optional(),
  }),
  z.strictObject({
    id: z.string().regex(/^[a-z][a-zA-Z0-9]*$/),
    type: z.literal('select'),
    label: text,
    required: z.boolean().default(false),
    options: z.array(z.string().min(1)).min(1),
  }),
]);
export type EventQuestion = z.infer<typeof question>;

export const eventSchema = z
  .strictObject({
    id,
    title: text,
    slug: slug.optional(),
    summary: text.pipe(z.string().max(200, 'at most 200 characters')),
    image: imageName,
    start: localDateTime,
    end: localDateTime,
    location: z.union([z.strictObject({ club: id }), z.strictObject({ address: text })]),
    audience: text,
    price: z.number().min(0),
    capacity: z.number().int().positive(),
    deadline: localDateTime,
    questions: z.array(question).default([]),
    draft: z.boolean().default(false),
  })
  .refine((e) => e.start < e.end, { message: 'the event must end after it starts', path: ['end'] })
  .refine((e) => e.deadline <= e.start, { message: 'the registration deadline must be before the start', path: ['deadline'] })
  .refine((e) => new Set(e.questions.map((q) => q.id)).size === e.questions.length, {
    message: 'question ids must be unique',
    path: ['questions'],
  })


export const jobSchema = z.strictObject({
  id,
  title: text,
  slug: slug.optional(),
  kind: z.enum(['vacancy', 'call']),
  location: text,
  hours: text,
  summary: text,
  licence: z.boolean(),
  draft: z.boolean().default(false),
});

export type PageData = z.infer<typeof pageSchema>;
export type NewsData = z.infer<typeof newsSchema>;
export type EventData = z.infer<typeof eventSchema>;
export type JobData = z.infer<typeof jobSchema>;
