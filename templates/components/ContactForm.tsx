import { useSite } from '../lib/site.tsx';
import { Field } from './Field.tsx';

/** The contact form: what the question is about, and the question (spec 2). */
export function ContactForm() {
  const { t, model, href } = useSite();
  return (
    <form className="form" method="post" action="/mail/send-new" data-form="contact" noValidate>
      <Field name="firstName" label={t('forms.firstName')} required autoComplete="given-name" />
      <Field name="surname" label={t('forms.surname')} required autoComplete="family-name" />
      <Field name="email" label={t('forms.email')} type="email" required autoComplete="email" />
      <Field
        as="select"
        name="subject"
        label={t('forms.subject')}
        required
        placeholder={t('forms.subjectPlaceholder')}
        options={[
          { value: 'club', label: t('forms.subjectClub') },
          { value: 'person', label: t('forms.subjectPerson') },
          { value: 'other', label: t('forms.subjectOther') },
        ]}
      />
      <Field as="select" name="club" label={t('forms.club')} placeholder={t('forms.clubPlaceholder')} options={model.clubs.map((club) => ({ value: club.name, label: club.name }))} />
      <Field as="textarea" name="question" label={t('forms.question')} required />
      <p className="form-note">
        <a href={href('privacy-policy')}>{t('forms.privacyNotice')}</a>
      </p>
      <button className="button" type="submit">
        {t('forms.send')}
      </button>
    </form>
  );
}
