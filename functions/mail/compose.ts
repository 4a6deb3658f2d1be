import { siteName, type SiteManifest } from '../../shared/site-manifest.ts';
import { copyText, formNames, labelFor, officeText } from './copy.ts';
import type { MailMessage } from './mailer.ts';
import { renderHtml, renderText, type Row } from './render.ts';
import type { MailForm } from './schemas.ts';

/** The fields a form carries in the order a reader expects them; kind, locale and honeypot left out. */
const fieldOrder = [
  'firstName',
  'surname',
  'name',
  'email',
  'phone',
  'jobId',
  'subject',
  'subjectPerson',
  'subjectClub',
  'question',
  'motivation',
];

function rows(form: MailForm, locale: 'nl' | 'en'): Row[] {
  const values = form as unknown as Record<string, string | undefined>;
  return fieldOrder
    .filter((field) => typeof values[field] === 'string' && values[field] !== '')
    .map((field) => ({ label: labelFor(locale, form.kind, field), value: values[field] as string }));
}

/** The sender's name as a mail header display name, when the form has one. */
function senderName(form: MailForm): string | undefined {
  if ('firstName' in form) return `${form.firstName} ${form.surname}`;
  return 'name' in form ? form.name : undefined;
}

/** A short, one-line description used in both subjects. */
function summary(form: MailForm): string {
  switch (form.kind) {
    case 'contact':
    case 'question':
    case 'customer':
      return form.subject;
    case 'basic':
      return `${form.firstName} ${form.surname}`;
    case 'job':
      return `${form.jobId} – ${form.firstName} ${form.surname}`;
  }
}

/** Nodemailer address object: the name is encoded by nodemailer, never pasted into a header. */
const address = (email: string, name?: string) => (name ? { name, address: email } : email);

export interface ComposedMails {
  office: MailMessage;
  /** Only for a sender whose address is proven (sender-proof.ts). */
  copy: MailMessage | undefined;
}

/**
 * The mails of one form: to the office (Dutch, replies go to the sender), and, when the sender's
 * address is proven, a copy to that address (in their language, replies go to the office).
 */
export function composeMails(form: MailForm, site: SiteManifest, provenAddress: string | undefined): ComposedMails {
  const name = siteName(site);
  const line = summary(form);
  const office: MailMessage = {
    to: site.officeEmail,
    replyTo: address(form.email, senderName(form)),
    subject: officeText.subject(formNames.nl[form.kind], line),
    text: renderText(officeText.intro(form.locale, provenAddress !== undefined), rows(form, 'nl')),
    html: renderHtml(officeText.intro(form.locale, provenAddress !== undefined), rows(form, 'nl')),
    headers: { 'X-Site-Form': form.kind },
  };
  if (provenAddress === undefined) return { office, copy: undefined };
  const words = copyText[form.locale];
  const copy: MailMessage = {
    to: address(provenAddress, senderName(form)),
    replyTo: site.officeEmail,
    subject: words.subject(name, formNames[form.locale][form.kind], line),
    text: renderText(words.intro(name), rows(form, form.locale), words.outro),
    html: renderHtml(words.intro(name), rows(form, form.locale), words.outro),
    headers: { 'X-Site-Form': form.kind, 'Auto-Submitted': 'auto-replied' },
  };
  return { office, copy };
}
