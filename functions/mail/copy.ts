import type { Locale } from '../../shared/locale.ts';
import type { MailFormKind } from './schemas.ts';

/**
 * Every word the mail function says, per language. The office mail is always Dutch (the office
 * reads Dutch); the copy to the sender and the error messages follow the form's `locale`.
 */
export const fieldLabels: Record<Locale, Record<string, string>> = {
  nl: {
    kind: 'Formulier',
    locale: 'Taal',
    name: 'Naam',
    email: 'E-mailadres',
    subject: 'Onderwerp',
    question: 'Vraag',
    subjectPerson: 'Persoon',
    subjectClub: 'Vereniging',
    firstName: 'Voornaam',
    surname: 'Achternaam',
    jobId: 'Vacature',
    phone: 'Telefoonnummer',
    motivation: 'Motivatie',
    website: 'Website',
  },
  en: {
    kind: 'Form',
    locale: 'Language',
    name: 'Name',
    email: 'Email address',
    subject: 'Subject',
    question: 'Question',
    subjectPerson: 'Person',
    subjectClub: 'Club',
    firstName: 'First name',
    surname: 'Surname',
    jobId: 'Vacancy',
    phone: 'Phone number',
    motivation: 'Motivation',
    website: 'Website',
  },
};

/**
 * In the question form the subject is the club the question is about. Only the table's own
 * entries: a field named `constructor` or `__proto__` would otherwise find Object's.
 */
export function labelFor(locale: Locale, kind: MailFormKind | undefined, field: string): string {
  if (kind === 'question' && field === 'subject') return fieldLabels[locale].subjectClub ?? field;
  return Object.hasOwn(fieldLabels[locale], field) ? (fieldLabels[locale][field] ?? field) : field;
}

export const formNames: Record<Locale, Record<MailFormKind, string>> = {
  nl: { contact: 'Contact', question: 'Vraag', customer: 'Klantvraag', basic: 'Aanmelding', job: 'Sollicitatie' },
  en: { contact: 'Contact', question: 'Question', customer: 'Customer question', basic: 'Sign-up', job: 'Application' },
};

export type Problem = 'missing' | 'type' | 'email' | 'tooLong' | 'multiline' | 'format' | 'unknown' | 'choice';

export const problems: Record<Locale, Record<Problem, (label: string) => string>> = {
  nl: {
    missing: (label) => `${label}: dit veld is verplicht.`,
    type: (label) => `${label}: dit veld heeft een ongeldige waarde.`,
    email: () => 'Vul een geldig e-mailadres in.',
    tooLong: (label) => `${label}: de tekst is te lang.`,
    multiline: (label) => `${label}: gebruik één regel, zonder regeleinden.`,
    format: (label) => `${label}: dit veld heeft een ongeldige vorm.`,
    unknown: (label) => `${label}: dit veld hoort niet bij het formulier.`,
    choice: (label) => `${label}: kies een van de mogelijke waarden.`,
  },
  en: {
    missing: (label) => `${label}: this field is required.`,
    type: (label) => `${label}: this field has an invalid value.`,
    email: () => 'Please enter a valid email address.',
    tooLong: (label) => `${label}: the text is too long.`,
    multiline: (label) => `${label}: use one line, without line breaks.`,
    format: (label) => `${label}: this field has an invalid format.`,
    unknown: (label) => `${label}: this field is not part of the form.`,
    choice: (label) => `${label}: choose one of the allowed values.`,
  },
};

export const copyText: Record<
  Locale,
  {
    subject: (site: string, form: string, summary: string) => string;
    intro: (site: string) => string;
    outro: string;
    sendFailed: string;
  }
> = {
  nl: {
    subject: (site, form, summary) => `Je bericht aan ${site}: ${form} – ${summary}`,
    intro: (site) =>
      `Bedankt voor je bericht. We hebben het ontvangen en nemen zo snel mogelijk contact met je op. Dit is een kopie van wat je naar ${site} hebt gestuurd:`,
    outro: 'Je kunt op deze e-mail antwoorden als je nog iets wilt toevoegen.',
    sendFailed:
      'Er is iets mis gegaan bij het verzenden. Je bericht is niet verstuurd; probeer het over een paar minuten opnieuw.',
  },
  en: {
    subject: (site, form, summary) => `Your message to ${site}: ${form} – ${summary}`,
    intro: (site) =>
      `Thank you for your message. We have received it and will get back to you as soon as possible. This is a copy of what you sent to ${site}:`,
    outro: 'You can reply to this email if you want to add anything.',
    sendFailed: 'Something went wrong while sending. Your message was not sent; please try again in a few minutes.',
  },
};

export const officeText = {
  subject: (form: string, summary: string) => `[Website] ${form}: ${summary}`,
  intro: (locale: Locale, addressProven: boolean) =>
    `Nieuw bericht via het formulier op de website (taal van de afzender: ${locale === 'nl' ? 'Nederlands' : 'Engels'}). Antwoorden gaat rechtstreeks naar de afzender. ` +
    (addressProven
      ? 'De afzender was ingelogd met dit e-mailadres en heeft het bevestigd.'
      : 'Het e-mailadres is niet gecontroleerd: iedereen kan elk adres invullen. Stuur geen persoonlijke gegevens terug zonder na te gaan wie dit is.'),
};
