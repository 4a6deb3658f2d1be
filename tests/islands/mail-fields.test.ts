/**
 * The forms and the server agree: every field a form island sends exists in the server's schema
 * for its kind, with the same limit and the same required-ness, and a form filled to its limits
 * passes the server's validation (functions/mail/schemas.ts).
 */
import { describe, expect, test } from 'vitest';
import { mailFormSchema } from '../../functions/mail/schemas.ts';
import { mailFields, type MailFieldName } from '../../islands/lib/mail-fields.ts';
import { contactFields } from '../../islands/contact-form.tsx';
import { questionFields } from '../../islands/question-form.tsx';
import { customerFields } from '../../islands/customer-form.tsx';
import { basicFields } from '../../islands/basic-form.tsx';
import { jobFields } from '../../islands/job-form.tsx';

const forms: Array<{ kind: string; fields: readonly MailFieldName[]; fixed: Record<string, string> }> = [
  { kind: 'contact', fields: contactFields, fixed: {} },
  { kind: 'question', fields: questionFields, fixed: { subject: 'LTC De Kei' } },
  { kind: 'customer', fields: customerFields, fixed: {} },
  { kind: 'basic', fields: basicFields, fixed: {} },
  { kind: 'job', fields: jobFields, fixed: { jobId: '2' } },
];

/** A valid value of exactly `length` characters for a field. */
function value(name: MailFieldName, length: number): string {
  const kind = mailFields[name].kind;
  if (kind === 'email') return `${'a'.repeat(Math.max(1, length - 12))}@example.com`;
  if (kind === 'phone') return '0'.repeat(length);
  return 'x'.repeat(length);
}

const body = (form: (typeof forms)[number], values: Partial<Record<MailFieldName, string>>) => ({
  kind: form.kind,
  locale: 'nl',
  ...form.fixed,
  ...values,
});
const short = (form: (typeof forms)[number]) => Object.fromEntries(form.fields.map((name) => [name, value(name, 14)]));

describe.each(forms)('$kind form', (form) => {
  test('a normal filling passes the server', () => {
    expect(mailFormSchema.safeParse(body(form, short(form))).success).toBe(true);
  });

  test.each(form.fields.filter((name) => mailFields[name].kind !== 'email'))(
    '%s: its limit is the server’s',
    (name) => {
      const { max } = mailFields[name];
      expect(mailFormSchema.safeParse(body(form, { ...short(form), [name]: value(name, max) })).success).toBe(true);
      expect(mailFormSchema.safeParse(body(form, { ...short(form), [name]: value(name, max + 1) })).success).toBe(
        false,
      );
    },
  );

  test.each(form.fields)('%s: required here exactly when required there', (name) => {
    const without = { ...short(form) };
    delete without[name];
    expect(mailFormSchema.safeParse(body(form, without)).success).toBe(!mailFields[name].required);
  });
});

test('the email limit is the server’s', () => {
  expect(
    mailFormSchema.safeParse({
      kind: 'basic',
      locale: 'nl',
      firstName: 'a',
      surname: 'b',
      email: value('email', mailFields.email.max),
    }).success,
  ).toBe(true);
  expect(
    mailFormSchema.safeParse({
      kind: 'basic',
      locale: 'nl',
      firstName: 'a',
      surname: 'b',
      email: value('email', mailFields.email.max + 1),
    }).success,
  ).toBe(false);
});
