import { MailForm, type FormText } from './components/MailForm.tsx';
import { fieldSpecs, type FieldLabels } from './components/mail-form-fields.ts';
import type { Locale } from '../shared/locale.ts';

/** The fields it sends, in order (tests/islands/mail-fields.test.ts holds them to the server's schema). */
export const jobFields = ['firstName', 'surname', 'email', 'phone', 'motivation'] as const;

export interface JobFormProps {
  id: string;
  locale: Locale;
  jobId: string;
  /** The disclosure's button ("Apply now"). */
  open: string;
  labels: FieldLabels<'firstName' | 'surname' | 'email' | 'phone' | 'motivation'>;
  text: FormText;
}

/**
 * An application for one vacancy, folded under its "apply" button so a page of vacancies stays
 * readable: kind "job" with the vacancy's id.
 */
export default function JobForm({ id, locale, jobId, open, labels, text }: JobFormProps) {
  return (
    <details className="job-apply">
      <summary className="button">{open}</summary>
      <MailForm id={id} fixed={{ kind: 'job', locale, jobId }} fields={fieldSpecs(jobFields, labels)} text={text} />
    </details>
  );
}
