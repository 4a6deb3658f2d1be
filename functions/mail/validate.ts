import type { z } from 'zod';
import { HttpError } from '../http.ts';
import type { Locale } from '../../shared/locale.ts';
import { labelFor, problems, type Problem } from './copy.ts';
import { mailFormKinds, mailFormSchema, type MailForm, type MailFormKind } from './schemas.ts';

/** What a zod issue means to the person filling in the form. */
function problemOf(issue: z.core.$ZodIssue, value: unknown): Problem {
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined ? 'missing' : 'type';
    case 'too_small':
      return 'missing';
    case 'too_big':
      return 'tooLong';
    case 'invalid_format':
      return issue.format === 'email' ? 'email' : 'format';
    case 'unrecognized_keys':
      return 'unknown';
    case 'invalid_value':
    case 'invalid_union':
      return 'choice';
    case 'custom':
      return issue.params?.reason === 'multiline' ? 'multiline' : 'format';
    default:
      return 'format';
  }
}

/**
 * Parse a form body, or throw a 400 naming the first bad field in the visitor's language. The
 * language is taken from the body when it is valid there, so even a broken form gets Dutch or
 * English words as its sender would expect.
 */
export function validateMailForm(body: unknown, fallback: Locale): MailForm {
  const parsed = mailFormSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const locale: Locale = record.locale === 'nl' || record.locale === 'en' ? record.locale : fallback;
  const kind = mailFormKinds.includes(record.kind as MailFormKind) ? (record.kind as MailFormKind) : undefined;
  const issue = parsed.error.issues[0];
  if (!issue) throw new HttpError(400, problems[locale].format('form'));
  const field = issue.code === 'unrecognized_keys' ? (issue.keys[0] ?? '') : String(issue.path[0] ?? 'kind');
  const problem = problemOf(issue, record[field]);
  throw new HttpError(400, problems[locale][problem](labelFor(locale, kind, field)), field);
}
