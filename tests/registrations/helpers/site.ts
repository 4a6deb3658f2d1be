import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { startServer, type RunningServer } from '../../../cli/serve/server.ts';
import type { EventFacts } from '../../../shared/event-facts.ts';
import { toAddresses } from '../../functions/helpers/smtp.ts';
import { fixtureSite, writeFixtureDist, type FixtureDist } from '../../serve/helpers/fixture-dist.ts';

/** `YYYY-MM-DDTHH:mm` `days` from now (content times; far enough from now that zones do not matter). */
export function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);
}

/** An event as site.json carries it; open for sign-up unless told otherwise. */
export function eventFacts(id: number, overrides: Partial<EventFacts> = {}): EventFacts {
  return {
    id,
    title: { nl: `Toernooi ${id}`, en: `Tournament ${id}` },
    start: inDays(30),
    end: inDays(30.2),
    deadline: inDays(20),
    capacity: 20,
    page: { nl: `/evenementen/${id}-toernooi-${id}`, en: `/en/events/${id}-tournament-${id}` },
    calendar: { nl: `/evenementen/${id}-toernooi-${id}.ics`, en: `/en/events/${id}-tournament-${id}.ics` },
    questions: {
      nl: [{ id: 'birthYear', type: 'number', label: 'Geboortejaar', required: true, min: 2000, max: 2022 }],
      en: [{ id: 'birthYear', type: 'number', label: 'Year of birth', required: true, min: 2000, max: 2022 }],
    },
    ...overrides,
  };
}

export interface RegistrationsServer {
  url: string;
  server: RunningServer;
  logs: string[];
  dist: FixtureDist;
  /** A JSON request as the site's islands make it (same origin). */
  call(
    method: 'GET' | 'POST',
    path: string,
    options?: { body?: unknown; token?: string; cookie?: string; language?: string },
  ): Promise<{ status: number; body: any }>;
  /** Mails written to the outbox (when no SMTP_URL is set), parsed. */
  outbox(): Promise<ParsedMail[]>;
  /**
   * A guest's whole sign-up: the post (202, "check your mail"), the request to confirm from the
   * outbox, and the press on "confirm" with its link. The registration as confirmed, and its link.
   */
  signUpConfirmed(body: Record<string, unknown>): Promise<{ registration: any; id: string; token: string }>;
  /** The link of the one request to confirm sent to `email` not asked for before. */
  confirmLink(email: string): Promise<{ id: string; token: string; url: string }>;
  /** Stops the server only (the database stays, for a restart). */
  close(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `site serve` over a fixture dist whose site.json lists `events`, with the given database env;
 * `warmUp` as `site serve` itself: the database opened at start, and the mail outbox sent.
 */
export async function startRegistrationsServer(
  events: EventFacts[],
  env: Record<string, string>,
  dist?: FixtureDist,
  options: { warmUp?: boolean } = {},
): Promise<RegistrationsServer> {
  const site = {
    ...fixtureSite,
    events,
    registrationPage: { nl: '/evenementen/inschrijvingen/[id]', en: '/en/events/registrations/[id]' },
  };
  const fixture = dist ?? (await writeFixtureDist({ 'site.json': JSON.stringify(site, null, 2) }));
  const outboxDir = dist ? join(dist.dir, 'outbox') : await mkdtemp(join(tmpdir(), 'site-outbox-'));
  const logs: string[] = [];
  const usedLinks = new Set<string>();
  const server = await startServer({
    dist: fixture.dir,
    port: 0,
    host: '127.0.0.1',
    env: { SITE_RATE_LIMIT: '0', SITE_OUTBOX: outboxDir, ...env },
    root: fixture.dir,
    log: (line) => logs.push(line),
    warmUp: options.warmUp ?? false,
  });
  const running: RegistrationsServer = {
    url: server.url,
    server,
    logs,
    dist: fixture,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = {
        origin: server.url,
        accept: 'application/json',
        'accept-language': options.language ?? 'nl-NL',
      };
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.token) headers['x-registration-token'] = options.token;
      if (options.cookie) headers.cookie = options.cookie;
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    },
    async outbox() {
      const files = (await readdir(outboxDir).catch(() => [] as string[]))
        .filter((name) => name.endsWith('.eml'))
        .sort();
      return Promise.all(files.map(async (name) => simpleParser(await readFile(join(outboxDir, name)))));
    },
    async signUpConfirmed(body) {
      const answer = await running.call('POST', '/api/registrations', { body });
      if (answer.status !== 202) throw new Error(`sign-up answered ${answer.status} ${JSON.stringify(answer.body)}`);
      const { id, token } = await running.confirmLink(String(body.email));
      const confirmed = await running.call('POST', `/api/registrations/${id}/confirm`, { token });
      if (confirmed.status !== 200)
        throw new Error(`confirm answered ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
      return { registration: confirmed.body.registration, id, token };
    },
    async confirmLink(email: string) {
      const requests = (await running.outbox()).filter(
        (mail) =>
          mail.headers.get('x-site-registration-mail') === 'confirm' &&
          toAddresses(mail)
            .map((address) => (address ?? '').toLowerCase())
            .includes(email.toLowerCase()),
      );
      const fresh = requests.map(mailLink).filter((link) => !usedLinks.has(link.id));
      if (fresh.length !== 1)
        throw new Error(`expected one new request to confirm for ${email}, found ${fresh.length}`);
      usedLinks.add(fresh[0]!.id);
      return fresh[0]!;
    },
    close: () => server.close(1000),
    async stop() {
      await server.close(1000);
      await fixture.remove();
      await rm(outboxDir, { recursive: true, force: true });
    },
  };
  return running;
}

/** A valid sign-up body for `event`; `overrides` replace fields. */
export function signUp(event: number, n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    event,
    locale: 'nl',
    firstName: `Speler${n}`,
    surname: 'Jansen',
    email: `speler${n}@example.nl`,
    answers: { birthYear: 2010 },
    ...overrides,
  };
}

/** The registration link in a mail: its page, id and token. */
export function mailLink(mail: ParsedMail): { id: string; token: string; url: string } {
  const url = /https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
  if (!url) throw new Error(`no registration link in "${mail.subject}"`);
  const parsed = new URL(url);
  return { id: decodeURIComponent(parsed.pathname.split('/').pop()!), token: parsed.hash.replace('#token=', ''), url };
}
