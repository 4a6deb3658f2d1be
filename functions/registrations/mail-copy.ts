import type { Locale } from '../site.ts';

/** The words of the registration mails (mails.ts), per kind and language. */
export type MailKind = 'confirmed' | 'waitlisted' | 'promoted' | 'cancelled';

interface Words {
  subject: Record<MailKind, (event: string) => string>;
  intro: Record<MailKind, (name: string, event: string, position: number | null) => string>;
  labels: { event: string; when: string; participant: string; status: string; remarks: string };
  status: Record<'confirmed' | 'waitlisted' | 'cancelled', (position: number | null) => string>;
  linkIntro: string;
  linkButton: string;
  calendar: string;
  keep: string;
  signature: (site: string) => string;
}

export const mailWords: Record<Locale, Words> = {
  nl: {
    subject: {
      confirmed: (event) => `Inschrijving bevestigd: ${event}`,
      waitlisted: (event) => `Op de wachtlijst: ${event}`,
      promoted: (event) => `Er is een plek vrijgekomen: ${event}`,
      cancelled: (event) => `Inschrijving geannuleerd: ${event}`,
    },
    intro: {
      confirmed: (name, event) => `Hallo ${name}, je inschrijving voor ${event} is bevestigd. Tot dan!`,
      waitlisted: (name, event, position) => `Hallo ${name}, ${event} is vol. Je staat op de wachtlijst (plek ${position ?? '?'}); komt er een plek vrij, dan schuif je vanzelf door en krijg je meteen een mail.`,
      promoted: (name, event) => `Goed nieuws, ${name}: er is een plek vrijgekomen. Je inschrijving voor ${event} is nu bevestigd.`,
      cancelled: (name, event) => `Hallo ${name}, je inschrijving voor ${event} is geannuleerd. Je plek gaat naar de volgende op de wachtlijst.`,
    },
    labels: { event: 'Evenement', when: 'Wanneer', participant: 'Deelnemer', status: 'Status', remarks: 'Opmerkingen' },
    status: { confirmed: () => 'Bevestigd', waitlisted: (position) => `Op de wachtlijst (plek ${position ?? '?'})`, cancelled: () => 'Geannuleerd' },
    linkIntro: 'Bekijk of annuleer je inschrijving via deze link:',
    linkButton: 'Bekijk je inschrijving',
    calendar: 'Zet het in je agenda:',
    keep: 'Bewaar deze mail: met de link kun jij, en alleen jij, je inschrijving bekijken en annuleren.',
    signature: (site) => `Met sportieve groet,\n${site}`,
  },
  en: {
    subject: {
      confirmed: (event) => `Registration confirmed: ${event}`,
      waitlisted: (event) => `On the waiting list: ${event}`,
      promoted: (event) => `A place has come free: ${event}`,
      cancelled: (event) => `Registration cancelled: ${event}`,
    },
    intro: {
      confirmed: (name, event) => `Hi ${name}, your registration for ${event} is confirmed. See you there!`,
      waitlisted: (name, event, position) => `Hi ${name}, ${event} is full. You are on the waiting list (number ${position ?? '?'}); when a place comes free you move up automatically and we email you at once.`,
      promoted: (name, event) => `Good news, ${name}: a place has come free. Your registration for ${event} is now confirmed.`,
      cancelled: (name, event) => `Hi ${name}, your registration for ${event} has been cancelled. Your place goes to the next person on the waiting list.`,
    },
    labels: { event: 'Event', when: 'When', participant: 'Participant', status: 'Status', remarks: 'Remarks' },
    status: { confirmed: () => 'Confirmed', waitlisted: (position) => `On the waiting list (number ${position ?? '?'})`, cancelled: () => 'Cancelled' },
    linkIntro: 'View or cancel your registration with this link:',
    linkButton: 'View your registration',
    calendar: 'Add it to your calendar:',
    keep: 'Keep this email: the link lets you, and only you, view and cancel your registration.',
    signature: (site) => `Kind regards,\n${site}`,
  },
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** "zaterdag 14 maart 2027, 10:00 – 13:00" from local content times (no zone shift: UTC in, UTC out). */
export function formatWhen(start: string, end: string, locale: Locale): string {
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.DateTimeFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })));
  const day = (iso: string) => format.format(new Date(`${iso.slice(0, 10)}T12:00:00Z`));
  const sameDay = start.slice(0, 10) === end.slice(0, 10);
  return sameDay ? `${day(start)}, ${start.slice(11, 16)} – ${end.slice(11, 16)}` : `${day(start)} ${start.slice(11, 16)} – ${day(end)} ${end.slice(11, 16)}`;
}
