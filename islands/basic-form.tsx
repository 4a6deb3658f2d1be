import { MailForm, type FormText } from './components/MailForm.tsx';
import { fieldSpecs, type FieldLabels } from './components/mail-form-fields.ts';
import type { Locale } from '../shared/locale.ts';

/** The fields it sends, in order (tests/islands/mail-fields.test.ts holds them to the server's schema). */
export const basicFields = ['firstName', 'surname', 'email'] as const;

export interface BasicFormProps {
  id: string;
  locale: Locale;
  labels: FieldLabels<'firstName' | 'surname' | 'email'>;
  text: FormText;
}

/** The shortest form (spec §3: email, first name, surname): a sign-up the office follows up. */
export default function BasicForm({ id, locale, labels, text }: BasicFormProps) {
  return <MailForm id={id} fixed={{ kind: 'basic', locale }} fields={fieldSpecs(basicFields, labels)} text={text} />;
}
