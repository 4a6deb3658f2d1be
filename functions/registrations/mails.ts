import { randomBytes } from 'node:crypto';
import { escapeHtml } from '../../shared/escape-html.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { siteName, type SiteManifest } from '../../shared/site-manifest.ts';
import type { EventFacts } from '../../shared/event-facts.ts';
import { formatMoment } from '../../shared/event-clock.ts';
import { formatWhen, mailWords, type MailKind } from './mail-copy.ts';
import type { Registration, WriteRules } from './types.ts';
import { registrationLink } from './view.ts';

/** A repeated sign-up sends the link again, at most once in this many minutes (no mail flood by repeating). */
const REMIND_EVERY_MINUTES = 10;
/** Unconfirmed sign-ups one address may have at once: a family signing up its children before confirming. */
const PENDING_PER_ADDRESS = 5;

/** Mails that may go to an address nobody has proven yet: only the site's own words in them. */
const UNPROVEN: ReadonlySet<MailKind> = new Set(['confirm', 'reminder']);

/**
 * The mails of a registration's life: the request to confirm, a reminder of the link (a repeated
 * sign-up), confirmed, waitlisted, promoted from the waitlist, cancelled. Always in the
 * registrant's language (the page they signed up on), always with the link to their
 * registration, which is the only way back to it for a guest.
 */
export function registrationMail(
  kind: MailKind,
  registration: Registration,
  event: EventFacts,
  site: SiteManifest,
): MailMessage {
  const locale = registration.locale;
  const words = mailWords[locale];
  const title = event.title[locale];
  const link = registrationLink(site, registration);
  const name = siteName(site);
  const status = words.status[registration.status](registration.waitlistPosition);
  const labels = new Map(event.questions[locale].map((question) => [question.id, question.label]));
  const facts: Array<[string, string]> = [
    [words.labels.event, title],
    [words.labels.when, formatWhen(event.start, event.end, locale)],
  ];
  const rows: Array<[string, string]> = UNPROVEN.has(kind)
    ? [...facts, ...(kind === 'reminder' ? [[words.labels.status, status] as [string, string]] : [])]
    : [
        ...facts,
        [words.labels.participant, registration.participant],
        [words.labels.status, status],
        ...Object.entries(registration.answers).map(([id, value]): [string, string] => [
          labels.get(id) ?? id,
          String(value),
        ]),
        ...(registration.remarks ? [[words.labels.remarks, registration.remarks] as [string, string]] : []),
      ];
  const confirming = kind === 'confirm';
  const intro = words.intro[kind](registration.firstName, title, registration.waitlistPosition);
  const linkIntro = confirming
    ? words.confirmLink(formatMoment(registration.expiresAt ?? new Date().toISOString(), locale))
    : words.linkIntro;
  const after = confirming
    ? [words.confirmRule, words.notYou]
    : kind === 'reminder'
      ? [words.notYou, words.keep]
      : [words.keep];
  // Every mail about a place, or a place on the waitlist, offers the event's .ics file; the request
  // to confirm (nothing to put in a calendar yet) and a cancellation do not.
  const calendar =
    kind !== 'cancelled' && kind !== 'confirm' && event.calendar ? `${site.url}${event.calendar[locale]}` : undefined;
  const calendarText = calendar ? [words.calendar, calendar, ''] : [];
  const text = [
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...calendarText,
    linkIntro,
    link,
    '',
    ...after.flatMap((line) => [line, '']),
    words.signature(name),
    '',
  ].join('\n');
  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left';
  const html = [
    '<!doctype html>',
    '<html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(intro)}</p>`,
    `<table role="presentation">${rows.map(([label, value]) => `<tr><th style="${cell}">${escapeHtml(label)}</th><td style="${cell};white-space:pre-wrap">${escapeHtml(value)}</td></tr>`).join('')}</table>`,
    ...(calendar
      ? [`<p>${escapeHtml(words.calendar)} <a href="${escapeHtml(calendar)}">${escapeHtml(calendar)}</a></p>`]
      : []),
    `<p>${escapeHtml(linkIntro)}<br><a href="${escapeHtml(link)}">${escapeHtml(confirming ? words.confirmButton : words.linkButton)}</a></p>`,
    ...after.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p style="white-space:pre-line">${escapeHtml(words.signature(name))}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    // A name the visitor typed stays out of the headers too, until the address is proven.
    to: UNPROVEN.has(kind)
      ? registration.email
      : { name: `${registration.firstName} ${registration.surname}`, address: registration.email },
    replyTo: site.officeEmail,
    subject: words.subject[kind](title),
    text,
    html,
    headers: {
      'X-Site-Registration': registration.id,
      'X-Site-Registration-Mail': kind,
      'Auto-Submitted': 'auto-generated',
    },
    // Fixed when queued: a mail sent again after a crash is the same mail to every mail program.
    messageId: `<${registration.id}.${kind}.${randomBytes(6).toString('hex')}@${new URL(site.url).hostname}>`,
  };
}

/**
 * The write rules of one event: its built capacity, its mails, and the time a guest has to
 * confirm. An event gone from the site keeps no waitlist worth serving (capacity 0 promotes
 * nobody) and has nothing to write about.
 */
export function writeRules(site: SiteManifest, event: EventFacts | undefined, confirmMinutes: number): WriteRules {
  return {
    capacity: event?.capacity ?? 0,
    confirmMinutes,
    remindMinutes: REMIND_EVERY_MINUTES,
    pendingPerAddress: PENDING_PER_ADDRESS,
    compose: event ? (kind, registration) => registrationMail(kind, registration, event, site) : undefined,
  };
}
