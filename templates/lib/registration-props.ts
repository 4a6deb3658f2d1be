import type { EventSignupText, FieldSpec, RegistrationText } from '../../islands/index.ts';
import type { EventText } from '../../cli/content/types.ts';
import { formText } from './island-props.ts';
import type { Site } from './site.tsx';

/**
 * The words and fields of the registration islands (issue 7), from the page's strings: islands
 * run in the browser, where there is no strings file.
 */

/** Field limits: the server's (functions/registrations/input.ts), so both sides agree. */
const LIMITS = { firstName: 100, surname: 100, email: 254, participant: 200, remarks: 2000, answer: 500 };

/** The sign-up form's fields: who signs up, for whom, the event's own questions, remarks. */
export function signupFields(site: Site, event: EventText): FieldSpec[] {
  const { t } = site;
  const questions = event.questions.map((question): FieldSpec => {
    const name = `answers.${question.id}`;
    if (question.type === 'select')
      return {
        name,
        kind: 'choice',
        required: question.required,
        max: LIMITS.answer,
        label: question.label,
        placeholder: '—',
        options: question.options.map((option) => ({ value: option, label: option })),
      };
    if (question.type === 'number')
      return {
        name,
        kind: 'number',
        required: question.required,
        max: 20,
        label: question.label,
        ...(question.min === undefined ? {} : { minValue: question.min }),
        ...(question.max === undefined ? {} : { maxValue: question.max }),
      };
    return { name, kind: 'text', required: question.required, max: LIMITS.answer, label: question.label };
  });
  return [
    {
      name: 'firstName',
      kind: 'text',
      required: true,
      max: LIMITS.firstName,
      label: t('forms.firstName'),
      autoComplete: 'given-name',
    },
    {
      name: 'surname',
      kind: 'text',
      required: true,
      max: LIMITS.surname,
      label: t('forms.surname'),
      autoComplete: 'family-name',
    },
    { name: 'email', kind: 'email', required: true, max: LIMITS.email, label: t('forms.email'), autoComplete: 'email' },
    { name: 'participant', kind: 'text', required: false, max: LIMITS.participant, label: t('event.participant') },
    ...questions,
    { name: 'remarks', kind: 'longtext', required: false, max: LIMITS.remarks, label: t('forms.remarks') },
  ];
}

export function signupText(site: Site): EventSignupText {
  const { t } = site;
  return {
    ...formText(site, 'basic'),
    send: t('event.signUp'),
    sending: t('event.signingUp'),
    success: '',
    failure: t('event.signUpFailed'),
    invalidNumber: t('forms.invalidNumber'),
    tooLow: t('forms.tooLow'),
    tooHigh: t('forms.tooHigh'),
    fullWaitlist: t('event.fullWaitlist'),
    alreadyRegistered: t('event.alreadyRegistered'),
    viewRegistration: t('event.viewRegistration'),
    deadlinePassed: t('event.deadlinePassed'),
    eventPast: t('event.eventPast'),
    checkMailTitle: t('event.checkMailTitle'),
    checkMail: t('event.checkMail'),
    checkMailRule: t('event.checkMailRule'),
    checkMailMissing: t('event.checkMailMissing'),
    checkMailAccount: t('event.checkMailAccount'),
  };
}

export function placesTextProps(site: Site) {
  const { t } = site;
  return {
    places: t('event.places'),
    left: t('event.placesLeft'),
    one: t('event.placeLeft'),
    full: t('event.fullWaitlist'),
  };
}

export function registrationText(site: Site): RegistrationText {
  const { t } = site;
  return {
    status: {
      pending: t('registrations.pending'),
      confirmed: t('registrations.confirmed'),
      waitlisted: t('registrations.waitlisted'),
      cancelled: t('registrations.cancelled'),
      expired: t('registrations.expired'),
    },
    statusLabel: t('registrations.status'),
    waitlistPosition: t('registrations.waitlistPosition'),
    event: t('registrations.event'),
    date: t('registrations.date'),
    participant: t('registrations.participant'),
    email: t('registrations.email'),
    remarks: t('registrations.remarks'),
    registeredOn: t('registrations.registeredOn'),
    view: t('registrations.view'),
  };
}

/** The registration page of each language with `[id]` in it, this page's language first. */
export function registrationPages(site: Site): string[] {
  const other = site.locale === 'nl' ? 'en' : 'nl';
  return [site.href('registration', { id: '[id]' }), site.href('registration', { id: '[id]' }, other)];
}
