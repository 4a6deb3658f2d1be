import { z } from 'zod';
import { anchorId, id, imageName, isoDate, localDateTime, slug, text } from './common.ts';

// Descriptions are what an editor's hover shows (.vscode/schemas, `site schema`).
const itemId = id.describe(
  'Whole number, unique in its kind, part of the URL: keep it once published; the English file repeats it',
);
const itemSlug = slug.optional().describe("The address after the id; default: the file name's (<id>-<slug>.md)");
const itemImage = imageName.describe('A photo in content/images, without its extension');
const itemDraft = z.boolean().default(false).describe('true: checked and shown by site dev, left out of site build');

const cta = z.union([
  z.strictObject({ label: text, route: z.string().min(1) }),
  z.strictObject({ label: text, href: z.url() }),
]);

export const pageSchema = z.strictObject({
  title: text,
  description: z
    .string()
    .trim()
    .min(50, 'at least 50 characters')
    .max(160, 'at most 160 characters')
    .describe('Meta description for search engines, 50 to 160 characters'),
  hero: z.strictObject({
    image: itemImage,
    subtitle: text.optional(),
    size: z.enum(['default', 'large']).default('default'),
    colorBar: z.boolean().default(false),
  }),
  sections: z
    .array(z.strictObject({ id: anchorId, title: text, body: text, image: imageName.optional(), cta: cta.optional() }))
    .default([]),
  faq: z.array(z.strictObject({ question: text, answer: text })).default([]),
  draft: itemDraft,
});

export const newsSchema = z.strictObject({
  id: itemId,
  title: text,
  slug: itemSlug,
  date: isoDate.describe('Publication date "YYYY-MM-DD"; a later date than today waits for its day'),
  image: itemImage,
  summary: text
    .pipe(z.string().max(200, 'at most 200 characters'))
    .describe('For lists and search engines, at most 200 characters'),
  author: text.optional(),
  draft: itemDraft,
});

const question = z.discriminatedUnion('type', [
  z.strictObject({
    id: anchorId.or(z.string().regex(/^[a-z][a-zA-Z0-9]*$/)),
    type: z.literal('text'),
    label: text,
    required: z.boolean().default(false),
  }),
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
    id: itemId,
    title: text,
    slug: itemSlug,
    summary: text
      .pipe(z.string().max(200, 'at most 200 characters'))
      .describe('For lists and search engines, at most 200 characters'),
    image: itemImage,
    start: localDateTime.describe('Local Dutch time "YYYY-MM-DDTHH:MM"'),
    end: localDateTime.describe('After the start, "YYYY-MM-DDTHH:MM"'),
    location: z
      .union([z.strictObject({ club: id }), z.strictObject({ address: text })])
      .describe('{ club: <club id> } or { address: "..." }'),
    audience: text.describe('Who it is for'),
    price: z.number().min(0).describe('Euros; 0 is free'),
    capacity: z.number().int().positive().describe('Places; later sign-ups go on the waiting list'),
    deadline: localDateTime.describe('Last moment to sign up, not after the start'),
    questions: z
      .array(question)
      .default([])
      .describe('Extra form questions; the English file sets its own, with English labels'),
    draft: itemDraft,
  })
  .refine((e) => e.start < e.end, { message: 'the event must end after it starts', path: ['end'] })
  .refine((e) => e.deadline <= e.start, {
    message: 'the registration deadline must be before the start',
    path: ['deadline'],
  })
  .refine((e) => new Set(e.questions.map((q) => q.id)).size === e.questions.length, {
    message: 'question ids must be unique',
    path: ['questions'],
  });

export const jobSchema = z.strictObject({
  id: itemId,
  title: text,
  slug: itemSlug,
  kind: z.enum(['vacancy', 'call']).describe('vacancy, or call for the open call for trainers'),
  location: text,
  hours: text,
  summary: text,
  licence: z.boolean().describe('true when a KNLTB trainer licence is required'),
  draft: itemDraft,
});

export type PageData = z.infer<typeof pageSchema>;
export type NewsData = z.infer<typeof newsSchema>;
export type EventData = z.infer<typeof eventSchema>;
export type JobData = z.infer<typeof jobSchema>;
