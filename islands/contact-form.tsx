import { useEffect } from 'react';
import { MailForm, type FormText } from './components/MailForm.tsx';
import { fieldSpecs, type FieldLabels } from './components/mail-form-fields.ts';
import type { Locale } from '../shared/locale.ts';

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
  /**
   * What `?regio=<id>` fills in (the regional tennis page's calls to action link here with it):
   * per region id, the topic to choose and the question to start with.
   */
  presets: Record<string, { subject: string; question: string }>;
}

/** The preset named by the address's `regio`, if there is one (`?regio=utrecht-oost`). */
export function presetFor(
  search: string,
  presets: ContactFormProps['presets'],
): ContactFormProps['presets'][string] | undefined {
  const region = new URLSearchParams(search).get('regio');
  return region !== null && Object.hasOwn(presets, region) ? presets[region] : undefined;
}

/** The contact page's form (spec §2: it asks what the question is about): kind "contact"; `?regio=` fills it in. */
export default function ContactForm({
  id,
  locale,
  labels,
  topics,
  topicPlaceholder,
  text,
  privacy,
  presets,
}: ContactFormProps) {
  // After hydration, so the first render equals the server's; a field the visitor already filled is left alone.
  useEffect(() => {
    const preset = presetFor(location.search, presets);
    if (!preset) return;
    const subject = document.getElementById(`${id}-subject`) as HTMLSelectElement | null;
    const question = document.getElementById(`${id}-question`) as HTMLTextAreaElement | null;
    if (subject && subject.value === '') subject.value = preset.subject;
    if (question && question.value === '') question.value = preset.question;
  }, []);
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
