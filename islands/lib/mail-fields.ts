import type { FieldKind } from './form-rules.ts';

/**
 * Every field the mail forms send, with the limits of the server's schemas
 * (functions/mail/schemas.ts): one list, so a form island only names the fields it shows.
 * tests/islands/mail-fields.test.ts checks these against the schemas themselves.
 */
export const mailFields = {
  name: { kind: 'text', required: false, max: 200, autoComplete: 'name' },
  email: { kind: 'email', required: true, max: 254, autoComplete: 'email' },
  subject: { kind: 'text', required: true, max: 200 },
  question: { kind: 'longtext', required: true, max: 5000 },
  subjectPerson: { kind: 'text', required: true, max: 200 },
  subjectClub: { kind: 'choice', required: true, max: 200 },
  firstName: { kind: 'text', required: true, max: 100, autoComplete: 'given-name' },
  surname: { kind: 'text', required: true, max: 100, autoComplete: 'family-name' },
  phone: { kind: 'phone', required: false, max: 40, autoComplete: 'tel' },
  motivation: { kind: 'longtext', required: true, max: 10000 },
} as const satisfies Record<string, { kind: FieldKind; required: boolean; max: number; autoComplete?: string }>;

export type MailFieldName = keyof typeof mailFields;
