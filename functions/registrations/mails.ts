import { escapeHtml } from '../mail/render.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { siteName, type SiteManifest } from '../site.ts';
import type { EventFacts } from './event-facts.ts';
import { formatWhen, mailWords, type MailKind } from './mail-copy.ts';
import type { Registration } from './types.ts';
import { registrationLink } from './view.ts';

/**
 * The mails of a registration's life: confirmed, waitlisted, promoted from the waitlist,
 * cancelled. Always in the registrant's language (the page they signed up on), always with the
 * link to their registration, which is the only way back to it for a guest.
 */
export function registrationMail(kind: MailKind, registration: Registration, event: EventFacts, site: SiteManifest): MailMessage {
  const locale = registration.locale;
  const words = mailWords[locale];
  const title = event.title[locale];
  const link = registrationLink(site, registration);
  const name = siteName(site);
  const status = registration.status === 'waitlisted' ? words.status.waitlisted(registration.waitlistPosition) : words.status[registration.status](null);
  const labels = new Map(event.questions[locale].map((question) => [question.id, question.label]));
  const rows: Array<[string, string]> = [
    [words.labels.event, title],
    [words.labels.when, formatWhen(event.start, event.end, locale)],
    [words.labels.participant, registration.participant],
    [words.labels.status, status],
    ...Object.entries(registration.answers).map(([id, value]): [string, string] => [labels.get(id) ?? id, String(value)]),
    ...(registration.remarks ? [[words.labels.remarks, registration.remarks] as [string, string]] : []),
  ];
  const intro = words.intro[kind](registration.firstName, title, registration.waitlistPosition);
  // A cancelled place needs no calendar entry; every other mail offers the event's .ics file.
  const calendar = kind !== 'cancelled' && event.calendar ? `${site.url}${event.calendar[locale]}` : undefined;
  const calendarText = calendar ? [words.calendar, calendar, ''] : [];
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', ...calendarText, words.linkIntro, link, '', words.keep, '', words.signature(name), ''].join('\n');
  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left';
  const html = [
    '<!doctype html>',
    '<html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(intro)}</p>`,
    `<table role="presentation">${rows.map(([label, value]) => `<tr><th style="${cell}">${escapeHtml(label)}</th><td style="${cell};white-space:pre-wrap">${escapeHtml(value)}</td></tr>`).join('')}</table>`,
    ...(calendar ? [`<p>${escapeHtml(words.calendar)} <a href="${escapeHtml(calendar)}">${escapeHtml(calendar)}</a></p>`] : []),
    `<p>${escapeHtml(words.linkIntro)}<br><a href="${escapeHtml(link)}">${escapeHtml(words.linkButton)}</a></p>`,
    `<p>${escapeHtml(words.keep)}</p>`,
    `<p style="white-space:pre-line">${escapeHtml(words.signature(name))}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: { name: `${registration.firstName} ${registration.surname}`, address: registration.email },
    replyTo: site.officeEmail,
    subject: words.subject[kind](title),
    text,
    html,
    headers: { 'X-Site-Registration': registration.id, 'X-Site-Registration-Mail': kind, 'Auto-Submitted': 'auto-generated' },
  };
}

/**
 * Sends one registration mail; false when it could not go. The registration is stored either
 * way: a lost mail must not undo a place (the visitor also sees the link on screen, and an
 * undelivered mail is kept in the outbox for the office).
 */
export async function sendRegistrationMail(env: { mailer: { sendMail(message: MailMessage): Promise<unknown> }; site: SiteManifest; log(line: string): void }, kind: MailKind, registration: Registration, event: EventFacts): Promise<boolean> {
  try {
    await env.mailer.sendMail(registrationMail(kind, registration, event, env.site));
    return true;
  } catch (error) {
    env.log(`registrations: the ${kind} mail for ${registration.id} was not sent: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}
