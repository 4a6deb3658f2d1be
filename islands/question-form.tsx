import { MailForm, type FormText } from './components/MailForm.tsx';
import { fieldSpecs, type FieldLabels } from './components/mail-form-fields.ts';
import type { Locale } from '../shared/locale.ts';

/** The fields it sends, in order (tests/islands/mail-fields.test.ts holds them to the server's schema). */
export const questionFields = ['name', 'email', 'question'] as const;

export interface QuestionFormProps {
  id: string;
  locale: Locale;
  /** The club the page is about: the question's subject (spec §3). */
  club: string;
  labels: FieldLabels<'name' | 'email' | 'question'>;
  text: FormText;
}

/** A question about one club, on that club's page: kind "question", the club's name as subject. */
export default function QuestionForm({ id, locale, club, labels, text }: QuestionFormProps) {
  return (
    <MailForm
      id={id}
      fixed={{ kind: 'question', locale, subject: club }}
      fields={fieldSpecs(questionFields, labels)}
      text={text}
    />
  );
}
