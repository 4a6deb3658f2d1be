import type { EventText } from '../../cli/content/types.ts';
import { useSite } from '../lib/site.tsx';
import { Field } from './Field.tsx';

/** Sign-up for an event: who signs up, for whom, and the event's own questions. */
export function EventSignupForm({ event }: { event: EventText }) {
  const { t } = useSite();
  return (
    <form className="form" method="post" action="/api/registrations" data-form="event-signup" data-event={event.id} noValidate>
      <Field name="firstName" label={t('forms.firstName')} required autoComplete="given-name" />
      <Field name="surname" label={t('forms.surname')} required autoComplete="family-name" />
      <Field name="email" label={t('forms.email')} type="email" required autoComplete="email" />
      <Field name="participant" label={t('event.participant')} />
      {event.questions.map((question) =>
        question.type === 'select' ? (
          <Field key={question.id} as="select" name={`answers.${question.id}`} label={question.label} required={question.required} placeholder="—" options={question.options.map((o) => ({ value: o, label: o }))} />
        ) : (
          <Field key={question.id} name={`answers.${question.id}`} label={question.label} required={question.required} type={question.type === 'number' ? 'number' : 'text'} {...(question.type === 'number' ? { min: question.min, max: question.max } : {})} />
        ),
      )}
      <Field as="textarea" name="remarks" label={t('forms.remarks')} />
      <button className="button" type="submit">
        {t('event.signUp')}
      </button>
    </form>
  );
}
