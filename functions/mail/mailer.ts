import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';

/**
 * The one way the site sends mail (forms now, registration confirmations later). With an SMTP URL
 * mails go out over SMTP; without one they are written as .eml files into an outbox folder, so a
 * developer or a test can read what would have been sent. A mail SMTP refuses is never dropped: it
 * is written to `<outbox>/undelivered/` before the error is thrown, for an operator to resend.
 */

export interface MailAddress {
  name: string;
  address: string;
}
export type Recipient = string | MailAddress;

export interface MailMessage {
  to: Recipient | Recipient[];
  subject: string;
  text: string;
  html: string;
  /** Defaults to the mailer's `from`. */
  from?: Recipient;
  replyTo?: Recipient;
  headers?: Record<string, string>;
  /** A fixed Message-ID (`<unique@host>`): a mail sent again after a crash is recognisably the same mail. */
  messageId?: string;
}

export interface SendOptions {
  /**
   * Keep a mail SMTP refused in `<outbox>/undelivered/` (default). A sender with its own durable
   * queue (registrations' mail_outbox table) retries instead, and a copy per attempt would only
   * pile up.
   */
  keepUndelivered?: boolean;
}

export interface SentMail {
  messageId: string;
  via: 'smtp' | 'outbox';
  /** The .eml file, in outbox mode. */
  file?: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  sendMail(message: MailMessage, options?: SendOptions): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port or smtps://...; absent = outbox mode. */
  smtpUrl?: string | undefined;
  /** Folder for .eml files (outbox mode) and undelivered mail (SMTP mode). */
  outboxDir: string;
  from: Recipient;
  log?: (line: string) => void;
}

/** SMTP refused or could not be reached; the message was kept in `spooledTo`. */
export class MailDeliveryError extends Error {
  readonly spooledTo: string | undefined;
  constructor(message: string, spooledTo: string | undefined, cause: unknown) {
    super(message, { cause });
    this.name = 'MailDeliveryError';
    this.spooledTo = spooledTo;
  }
}

const fileName = () => `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;

/** Written under a temporary name and renamed, so a reader never sees half a mail. */
async function writeEml(dir: string, raw: Buffer): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, fileName());
  await writeFile(`${file}.tmp`, raw);
  await rename(`${file}.tmp`, file);
  return file;
}

let nodemailerModule: Promise<typeof import('nodemailer')> | undefined;

/**
 * nodemailer loads with the first mail, not with every command that imports the functions'
 * routes (`site build` reads the route table and sends nothing); `site serve` loads it before it
 * listens (renderOneMail).
 */
const loadNodemailer = () => (nodemailerModule ??= import('nodemailer').then((module) => module.default));

/** A transport made at its first use; `made()` is it, once it was asked for. */
function lazyTransport(make: (nodemailer: typeof import('nodemailer')) => Transporter) {
  let transport: Promise<Transporter> | undefined;
  const get = () => (transport ??= loadNodemailer().then(make));
  return Object.assign(get, { made: () => transport });
}

/**
 * Renders one mail like the site's (Dutch text with accents, long lines, HTML) and throws it away:
 * nothing is written or sent. A process's first mail takes nodemailer's MIME and quoted-printable
 * code through V8's interpreter (about 100 ms of the thread in a profile of `site serve` under a
 * crowd of sign-ups, bench/RESULTS.md; later mails take a millisecond or two): `site serve` pays it
 * before it listens instead of in the first sign-up.
 */
export async function renderOneMail(): Promise<void> {
  const text = 'Beste bezoeker, je inschrijving is ontvangen — bevestig haar binnen het uur. '.repeat(8);
  const render = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true }));
  await (await render()).sendMail({
    from: { name: 'Site', address: 'site@example.nl' },
    to: 'bezoeker@example.nl',
    subject: 'Inschrijving ontvangen – bevestig',
    text,
    html: `<p>${text}</p><p><a href="https://example.nl/evenementen/1/inschrijven?bevestig=${'x'.repeat(64)}">Bevestigen</a></p>`,
  });
}

export function createMailer(options: MailerOptions): Mailer {
  const log = options.log ?? ((line: string) => console.log(line));
  // The stream transport renders the exact bytes SMTP would send; used for the outbox and the spool.
  const render = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true }));
  const withDefaults = (message: MailMessage) => ({ from: options.from, ...message });

  async function keep(dir: string, message: MailMessage): Promise<{ file: string; messageId: string }> {
    const info = await (await render()).sendMail(withDefaults(message));
    return { file: await writeEml(dir, info.message as Buffer), messageId: info.messageId };
  }

  if (!options.smtpUrl) {
    log(`mail: no SMTP_URL set, so mails are written to ${options.outboxDir}/ instead of being sent`);
    return {
      mode: 'outbox',
      async sendMail(message) {
        const { file, messageId } = await keep(options.outboxDir, message);
        log(`mail: written to ${file} (outbox mode)`);
        return { messageId, via: 'outbox', file };
      },
      close() {},
    };
  }

  // Timeouts well under a visitor's patience: a hanging SMTP server becomes a 503, not a spinner.
  const smtpUrl = options.smtpUrl;
  const smtp = lazyTransport((nodemailer) =>
    nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    }),
  );
  return {
    mode: 'smtp',
    async sendMail(message, sendOptions = {}) {
      try {
        const info = await (await smtp()).sendMail(withDefaults(message));
        return { messageId: info.messageId, via: 'smtp' };
      } catch (error) {
        let spooled: string | undefined;
        try {
          if (sendOptions.keepUndelivered !== false)
            spooled = (await keep(join(options.outboxDir, 'undelivered'), message)).file;
        } catch (spoolError) {
          log(`mail: could not keep the undelivered mail either: ${String(spoolError)}`);
        }
        const reason = error instanceof Error ? error.message : String(error);
        log(`mail: SMTP delivery failed (${reason})${spooled ? `; kept in ${spooled}` : ''}`);
        throw new MailDeliveryError(`SMTP delivery failed: ${reason}`, spooled, error);
      }
    },
    close() {
      void smtp.made()?.then((transport) => transport.close());
    },
  };
}
