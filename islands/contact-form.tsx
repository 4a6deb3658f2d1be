import { MailForm, type FormText } from './components/MailForm.tsx';
import { fieldSpecs, type FieldLabels } from './components/mail-form-fields.ts';
import type { Locale } from './lib/language.ts';

/** The fields it sends, in order (tests/islands/mail-fields.test.ts holds them to the server's schema). */
export const contactFields = ['name', 'email', 'subject', 'question'] as const;

export interface ContactFormProps {
  id: string;
  locale: Locale;
  labels: FieldLabels<'name' | 'email' | 'subject' | 'question'>;
  /** What a question can be about; the chosen one is sent as the subject. */
  topics: string[];
  topicPlaceholder: string;
  text: FormText;
  privacy: { href: string; label: string };
}

/** The contact page's form (spec §2: it asks what the question is about): kind "contact". */
export default function ContactForm({ id, locale, labels, topics, topicPlaceholder, text, privacy }: ContactFormProps) {
  const fields = fieldSpecs(contactFields, labels, {
    subject: { options: topics.map((topic) => ({ value: topic, label: topic })), placeholder: topicPlaceholder },
  });
  return (
    <MailForm
      id={id}
      fixed={{ kind: 'contact', locale }}
      fields={fields}
      text={text}
      footer={
        <p className="form-note">
          <a href={privacy.href}>{privacy.label}</a>
        </p>
      }
    />
  );
}
