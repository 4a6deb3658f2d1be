import type { Locale } from '../../shared/locale.ts';
import type { RegistrationStatus } from '../../shared/registration-view.ts';
import type { MailKind } from './types.ts';
import { eventDay } from '../../shared/event-date.ts';

/**
 * The words of the registration mails (mails.ts), per kind and language. The two that may reach
 * an address nobody has proven yet (`confirm`, `reminder`) carry none of the visitor's own text,
 * not even a name: whatever a stranger types, the site only ever mails its own words to an
 * address that is not proven (no relay of their text, issue 17).
 */
export type { MailKind };

interface Words {
  subject: Record<MailKind, (event: string) => string>;
  intro: Record<MailKind, (name: string, event: string, position: number | null) => string>;
  labels: { event: string; when: string; participant: string; status: string; remarks: string };
  status: Record<RegistrationStatus, (position: number | null) => string>;
  linkIntro: string;
  linkButton: string;
  calendar: string;
  keep: string;
  /** The confirmation request: the link, until when it works, and what happens without it. */
  confirmLink: (until: string) => string;
  confirmButton: string;
  confirmRule: string;
  notYou: string;
  signature: (site: string) => string;
}

export const mailWords: Record<Locale, Words> = {
  nl: {
    subject: {
      confirm: (event) => `Bevestig je inschrijving: ${event}`,
      reminder: (event) => `Je inschrijving: ${event}`,
      confirmed: (event) => `Inschrijving bevestigd: ${event}`,
      waitlisted: (event) => `Op de wachtlijst: ${event}`,
      promoted: (event) => `Er is een plek vrijgekomen: ${event}`,
      cancelled: (event) => `Inschrijving geannuleerd: ${event}`,
    },
    intro: {
      confirm: (_name, event) =>
        `Hallo, met dit e-mailadres is iemand (hopelijk jij) ingeschreven voor ${event}. Bevestig die inschrijving met de link hieronder.`,
      reminder: (_name, event) =>
        `Hallo, met dit e-mailadres is opnieuw een inschrijving voor ${event} ingevuld. Daarvoor ben je al ingeschreven; met de link hieronder bekijk of annuleer je je inschrijving.`,
      confirmed: (name, event) => `Hallo ${name}, je inschrijving voor ${event} is bevestigd. Tot dan!`,
      waitlisted: (name, event, position) =>
        `Hallo ${name}, ${event} is vol. Je staat op de wachtlijst (plek ${position ?? '?'}); komt er een plek vrij, dan schuif je vanzelf door en krijg je meteen een mail.`,
      promoted: (name, event) =>
        `Goed nieuws, ${name}: er is een plek vrijgekomen. Je inschrijving voor ${event} is nu bevestigd.`,
      cancelled: (name, event) =>
        `Hallo ${name}, je inschrijving voor ${event} is geannuleerd. Je plek gaat naar de volgende op de wachtlijst.`,
    },
    labels: { event: 'Evenement', when: 'Wanneer', participant: 'Deelnemer', status: 'Status', remarks: 'Opmerkingen' },
    status: {
      pending: () => 'Nog niet bevestigd',
      confirmed: () => 'Bevestigd',
      waitlisted: (position) => `Op de wachtlijst (plek ${position ?? '?'})`,
      cancelled: () => 'Geannuleerd',
      expired: () => 'Vervallen (niet op tijd bevestigd)',
    },
    linkIntro: 'Bekijk of annuleer je inschrijving via deze link:',
    linkButton: 'Bekijk je inschrijving',
    calendar: 'Zet het in je agenda:',
    keep: 'Bewaar deze mail: met de link kun jij, en alleen jij, je inschrijving bekijken en annuleren.',
    confirmLink: (until) => `Open deze link en bevestig vóór ${until}:`,
    confirmButton: 'Bevestig je inschrijving',
    confirmRule:
      'Pas als je bevestigt, telt je inschrijving: tot dan houden we geen plek voor je vast, en de plekken gaan naar wie het eerst bevestigt. Bevestig je niet op tijd, dan vervalt de aanmelding vanzelf.',
    notYou: 'Was jij dit niet? Dan hoef je niets te doen: zonder bevestiging gebeurt er niets.',
    signature: (site) => `Met sportieve groet,\n${site}`,
  },
  en: {
    subject: {
      confirm: (event) => `Confirm your registration: ${event}`,
      reminder: (event) => `Your registration: ${event}`,
      confirmed: (event) => `Registration confirmed: ${event}`,
      waitlisted: (event) => `On the waiting list: ${event}`,
      promoted: (event) => `A place has come free: ${event}`,
      cancelled: (event) => `Registration cancelled: ${event}`,
    },
    intro: {
      confirm: (_name, event) =>
        `Hello, someone (hopefully you) has registered for ${event} with this email address. Please confirm that registration with the link below.`,
      reminder: (_name, event) =>
        `Hello, a registration for ${event} was filled in again with this email address. You are already registered; the link below lets you view or cancel your registration.`,
      confirmed: (name, event) => `Hi ${name}, your registration for ${event} is confirmed. See you there!`,
      waitlisted: (name, event, position) =>
        `Hi ${name}, ${event} is full. You are on the waiting list (number ${position ?? '?'}); when a place comes free you move up automatically and we email you at once.`,
      promoted: (name, event) =>
        `Good news, ${name}: a place has come free. Your registration for ${event} is now confirmed.`,
      cancelled: (name, event) =>
        `Hi ${name}, your registration for ${event} has been cancelled. Your place goes to the next person on the waiting list.`,
    },
    labels: { event: 'Event', when: 'When', participant: 'Participant', status: 'Status', remarks: 'Remarks' },
    status: {
      pending: () => 'Not confirmed yet',
      confirmed: () => 'Confirmed',
      waitlisted: (position) => `On the waiting list (number ${position ?? '?'})`,
      cancelled: () => 'Cancelled',
      expired: () => 'Lapsed (not confirmed in time)',
    },
    linkIntro: 'View or cancel your registration with this link:',
    linkButton: 'View your registration',
    calendar: 'Add it to your calendar:',
    keep: 'Keep this email: the link lets you, and only you, view and cancel your registration.',
    confirmLink: (until) => `Open this link and confirm before ${until}:`,
    confirmButton: 'Confirm your registration',
    confirmRule:
      'Your registration only counts once you confirm: until then no place is kept for you, and places go to whoever confirms first. If you do not confirm in time, the registration lapses by itself.',
    notYou: 'Was this not you? Then there is nothing to do: without confirmation nothing happens.',
    signature: (site) => `Kind regards,\n${site}`,
  },
};

/** "zaterdag 14 maart 2027, 10:00 – 13:00" from local content times (shared/event-date.ts). */
export function formatWhen(start: string, end: string, locale: Locale): string {
  const day = (iso: string) => eventDay(iso, locale);
  const sameDay = start.slice(0, 10) === end.slice(0, 10);
  return sameDay
    ? `${day(start)}, ${start.slice(11, 16)} – ${end.slice(11, 16)}`
    : `${day(start)} ${start.slice(11, 16)} – ${day(end)} ${end.slice(11, 16)}`;
}
