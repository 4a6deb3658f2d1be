import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  mail: ParsedMail;
}

export interface TestSmtp {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** While true, every message is refused with a temporary error (451), like a server in trouble. */
  refuse: boolean;
  /** While set, every message is taken in (and in `received`) but answered only once it resolves: a slow server. */
  hold?: Promise<void> | undefined;
  /** Called as each message is accepted, before the client hears so (a test may stop the server there). */
  onAccepted?: (mail: ReceivedMail) => void;
  /** Resolves once every message accepted so far is parsed and in `received`. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps every message it accepts, parsed by mailparser.
 * `port` 0 takes a free one; a given port starts it again where a closed one was (a server that
 * comes back, tests/robustness/services-*.test.ts). `answerAtOnce`: "accepted" as soon as the
 * message is in, before it is parsed (as a real server answers; a test process parsing a burst of
 * mails would otherwise keep its clients waiting for seconds); `received` fills in a moment later.
 * `refuseRecipient`: those addresses get "550 no such user" at RCPT TO, as a real server answers
 * an address that does not exist.
 */
export async function startSmtp(
  port = 0,
  options: { answerAtOnce?: boolean; refuseRecipient?: (address: string) => boolean } = {},
): Promise<TestSmtp> {
  const parsing = new Set<Promise<unknown>>();
  const state: TestSmtp = {
    url: '',
    port: 0,
    received: [],
    refuse: false,
    settled: async () => void (await Promise.all(parsing)),
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuseRecipient?.(address.address))
        callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuse) {
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        if (options.answerAtOnce) callback();
        const parsed = simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            const received = { envelope: { from, to: session.envelope.rcptTo.map((rcpt) => rcpt.address) }, mail };
            state.received.push(received);
            state.onAccepted?.(received);
            if (!options.answerAtOnce) void Promise.resolve(state.hold).then(() => callback());
          })
          .catch((error: Error) => (options.answerAtOnce ? undefined : callback(error)))
          .finally(() => parsing.delete(parsed));
        parsing.add(parsed);
      });
    },
  });
  // A client that dies in the middle of a mail (a killed `site serve`) resets its connection: normal here.
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  state.port = (server.server.address() as AddressInfo).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/**
 * The SMTP server accepts messages a little after the client is answered; wait for them (for
 * `count` of those `matching`, when a late mail of an earlier case may arrive in between).
 */
export async function waitForMails(
  smtp: TestSmtp,
  count: number,
  timeoutMs = 5000,
  matching?: (mail: ReceivedMail) => boolean,
): Promise<ReceivedMail[]> {
  const until = Date.now() + timeoutMs;
  const found = () => (matching ? smtp.received.filter(matching) : smtp.received);
  while (found().length < count && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  return found();
}

/** A mail's Reply-To as plain addresses. */
export const replyTo = (mail: ParsedMail) => mail.replyTo?.value.map((entry) => entry.address) ?? [];
export const toAddresses = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((group) =>
    group.value.map((entry) => entry.address),
  );
