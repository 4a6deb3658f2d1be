/**
 * Issue 17, item 2: the mail forms relayed mail. The "copy to the sender" went to whatever address
 * was typed, with the visitor's own text, from the organisation's address. Now a mail with the
 * visitor's words goes only to the office, and to the sender only when the address is proven
 * theirs: signed in with it (`__session`, the Auth emulator) and verified. A real SMTP server on
 * loopback receives everything the site sends.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { signUp, startAuthEmulator, type AuthEmulator } from '../functions/helpers/firebase-emulator.ts';
import { forms, type FormKind } from '../functions/helpers/forms.ts';
import { postJson } from '../functions/helpers/post.ts';
import { replyTo, startSmtp, waitForMails, type TestSmtp } from '../functions/helpers/smtp.ts';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';

const office = 'info@baselinetennis.nl';
const stamp = `${Date.now()}-${process.pid}`;
let emulator: AuthEmulator;
let smtp: TestSmtp;
let server: TestServer;
beforeAll(async () => {
  [emulator, smtp] = await Promise.all([startAuthEmulator(), startSmtp()]);
  server = await startFixtureServer({
    env: { SMTP_URL: smtp.url, SITE_RATE_LIMIT: '0', FIREBASE_PROJECT_ID: emulator.projectId },
  });
});
// What the process had before this file started its emulator (set when a run is wrapped in one).
const hostBefore = process.env.FIREBASE_AUTH_EMULATOR_HOST;
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await emulator?.stop();
  // Files of the 'shared' project run one after another in one process: a stopped emulator's host
  // left behind sent the next file's sign-ups to nobody (ECONNREFUSED in services-mail).
  expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBe(hostBefore);
});
beforeEach(() => {
  smtp.received.length = 0;
});

/** A user in the emulator, signed in: the `__session` cookie the browser would hold. */
const signedIn = async (email: string, verified: boolean) =>
  `__session=${(await signUp(emulator, email, 'any', { verified })).idToken}`;

/** Sends a form and returns the answer and every mail the site sent for it. */
async function send(body: Record<string, unknown>, cookie?: string) {
  const response = await postJson(server.url, '/mail/send-new', body, cookie ? { cookie } : {});
  const answer = { status: response.status, body: (await response.json()) as { ok: boolean; copySent: boolean } };
  const expected = answer.body.copySent ? 2 : 1;
  const mails = await waitForMails(smtp, expected);
  expect(mails).toHaveLength(expected);
  return { answer, mails };
}

/** No mail with the visitor's words went anywhere but the office and `allowed`. */
function onlyTo(mails: Awaited<ReturnType<typeof send>>['mails'], allowed: string[]) {
  for (const mail of mails)
    for (const to of mail.envelope.to) expect([office, ...allowed], `a mail went to ${to}`).toContain(to);
}

describe('a guest cannot make the site mail anyone', () => {
  test.each(Object.keys(forms) as FormKind[])(
    '%s form with a stranger address and a phishing text: only the office gets it',
    async (kind) => {
      const bait = 'Your account is locked: log in at http://evil.example/login';
      const body = {
        ...forms[kind],
        email: 'victim@example.org',
        ...('question' in forms[kind] ? { question: bait } : {}),
        ...('motivation' in forms[kind] ? { motivation: bait } : {}),
      };
      const { answer, mails } = await send(body);
      expect(answer).toEqual({ status: 200, body: { ok: true, copySent: false } });
      onlyTo(mails, []);
      // The office can still answer the visitor: the reply goes to the typed address, by a person.
      expect(replyTo(mails[0]!.mail)).toEqual(['victim@example.org']);
    },
  );

  test('a forged or expired cookie proves nothing', async () => {
    const { answer, mails } = await send(
      { ...forms.contact, email: 'victim@example.org' },
      '__session=eyJhbGciOiJub25lIn0.eyJlbWFpbCI6InZpY3RpbUBleGFtcGxlLm9yZyIsImVtYWlsX3ZlcmlmaWVkIjp0cnVlfQ.',
    );
    expect(answer.body.copySent).toBe(false);
    onlyTo(mails, []);
  });
});

describe('a signed-in sender', () => {
  test('with an unverified address gets no copy (anyone can create an account with any address)', async () => {
    const email = `unverified-${stamp}@example.org`;
    const { answer, mails } = await send({ ...forms.contact, email }, await signedIn(email, false));
    expect(answer.body.copySent).toBe(false);
    onlyTo(mails, []);
  });

  test('with a verified address but another one typed in the form gets no copy', async () => {
    const cookie = await signedIn(`owner-${stamp}@example.org`, true);
    const { answer, mails } = await send({ ...forms.contact, email: 'victim@example.org' }, cookie);
    expect(answer.body.copySent).toBe(false);
    onlyTo(mails, []);
  });

  test('with the verified address of their account gets the copy, in their language', async () => {
    const email = `verified-${stamp}@example.org`;
    const cookie = await signedIn(email, true);
    const dutch = await send({ ...forms.contact, email: email.toUpperCase() }, cookie);
    expect(dutch.answer.body.copySent).toBe(true);
    // To the address as the account holds it.
    onlyTo(dutch.mails, [email]);
    const copy = dutch.mails.find((mail) => !mail.envelope.to.includes(office))!.mail;
    expect(copy.subject).toBe('Je bericht aan Baseline Tennis: Contact – Lesrooster');
    expect(replyTo(copy)).toEqual([office]);
    expect(copy.text).toContain('Bedankt voor je bericht.');
    expect(copy.text).toContain('Wanneer beginnen de lessen na de zomer?');
    const officeMail = dutch.mails.find((mail) => mail.envelope.to.includes(office))!.mail;
    expect(officeMail.text).toContain('De afzender was ingelogd met dit e-mailadres en heeft het bevestigd.');

    smtp.received.length = 0;
    const english = await send({ ...forms.question, email, question: '<b>Lessons</b> in English?' }, cookie);
    const englishCopy = english.mails.find((mail) => !mail.envelope.to.includes(office))!.mail;
    expect(englishCopy.subject).toBe('Your message to Baseline Tennis: Question – TC De Baseline');
    expect(englishCopy.text).toContain('Club: TC De Baseline');
    expect(englishCopy.html).toContain('&lt;b&gt;Lessons&lt;/b&gt; in English?');
  });
});
