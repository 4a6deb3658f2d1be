import { z } from 'zod';

/**
 * One schema per form kind the islands send to POST /mail/send-new. Strict: a field the server does
 * not know is refused by name, so a renamed input in an island fails loudly instead of vanishing
 * from the office mail. `website` is the honeypot (hidden from people, filled by bots).
 */

// Anything that ends up in a mail header (subject, reply-to name) must stay on one line:
// a CR or LF there is how header injection works, so it is refused, not stripped.
// Checked before trimming, so a trailing line break is refused too rather than quietly cut off.
const oneLine = (max: number) =>
  z
    .string()
    .refine((value) => !/[\r\n]/.test(value), { params: { reason: 'multiline' }, abort: true })
    .trim()
    .min(1)
    .max(max);
const optionalOneLine = (max: number) => oneLine(max).optional();
const text = (max: number) => z.string().trim().min(1).max(max);
const email = z.email().max(254);
const locale = z.enum(['nl', 'en']);
const honeypot = z.string().max(2000).optional();

const contact = z.strictObject({
  kind: z.literal('contact'),
  locale,
  name: optionalOneLine(200),
  email,
  subject: oneLine(200),
  question: text(5000),
  website: honeypot,
});

const question = z.strictObject({
  kind: z.literal('question'),
  locale,
  email,
  name: optionalOneLine(200),
  subject: oneLine(200),
  question: text(5000),
  website: honeypot,
});

const customer = z.strictObject({
  kind: z.literal('customer'),
  locale,
  email,
  subject: oneLine(200),
  subjectPerson: oneLine(200),
  subjectClub: oneLine(200),
  question: text(5000),
  website: honeypot,
});

const basic = z.strictObject({
  kind: z.literal('basic'),
  locale,
  email,
  firstName: oneLine(100),
  surname: oneLine(100),
  website: honeypot,
});

const job = z.strictObject({
  kind: z.literal('job'),
  locale,
  jobId: oneLine(100),
  firstName: oneLine(100),
  surname: oneLine(100),
  email,
  phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^\+?[0-9 ()-]*$/)
    .optional(),
  motivation: text(10000),
  website: honeypot,
});

export const mailFormSchema = z.discriminatedUnion('kind', [contact, question, customer, basic, job]);
export type MailForm = z.infer<typeof mailFormSchema>;
export type MailFormKind = MailForm['kind'];
export const mailFormKinds: readonly MailFormKind[] = ['contact', 'question', 'customer', 'basic', 'job'];
