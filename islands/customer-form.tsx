import { MailForm, type FormText } from './components/MailForm.tsx';
import { fieldSpecs, type FieldLabels } from './components/mail-form-fields.ts';
import type { Locale } from '../shared/locale.ts';

/** The fields it sends, in order (tests/islands/mail-fields.test.ts holds them to the server's schema). */
export const customerFields = ['subject', 'subjectPerson', 'subjectClub', 'email', 'question'] as const;

export interface CustomerFormProps {
  id: string;
  locale: Locale;
  labels: FieldLabels<'subject' | 'subjectPerson' | 'subjectClub' | 'email' | 'question'>;
  /** What a customer's question can be about (make-up lesson, payment, ...). */
  topics: string[];
  topicPlaceholder: string;
  clubs: string[];
  clubPlaceholder: string;
  text: FormText;
}

/** A lesson customer's question (spec §3): subject, the player it is about, their club, the question. */
export default function CustomerForm({
  id,
  locale,
  labels,
  topics,
  topicPlaceholder,
  clubs,
  clubPlaceholder,
  text,
}: CustomerFormProps) {
  const options = (values: string[]) => values.map((value) => ({ value, label: value }));
  const fields = fieldSpecs(customerFields, labels, {
    subject: { options: options(topics), placeholder: topicPlaceholder },
    subjectClub: { options: options(clubs), placeholder: clubPlaceholder },
  });
  return <MailForm id={id} fixed={{ kind: 'customer', locale }} fields={fields} text={text} />;
}
