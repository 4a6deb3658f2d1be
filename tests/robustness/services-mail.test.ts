/**
 * Issue 11, failing services: the SMTP server goes away and comes back on the same port while
 * one `site serve` keeps running. A mail form then gets a 503 in its own language with
 * Retry-After, nothing reaches anyone (the office mail is kept for the operator, no copy goes to
 * the sender), and the same form sent again after the server is back arrives whole: nodemailer
 * opens a connection per mail, so nothing broken is kept between requests.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';
import { forms } from '../functions/helpers/forms.ts';
import { postJson } from '../functions/helpers/post.ts';
import { startSmtp, toAddresses, waitForMails, type TestSmtp } from '../functions/helpers/smtp.ts';
import { signUp, startAuthEmulator, type AuthEmulator } from '../functions/helpers/firebase-emulator.ts';

const emlFiles = async (dir: string) =>
  (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));

describe('SMTP stopped and started again under a running server', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let emulator: AuthEmulator;
  beforeAll(async () => {
    [smtp, emulator] = await Promise.all([startSmtp(), startAuthEmulator()]);
    server = await startFixtureServer({
      env: { SMTP_URL: smtp.url, SITE_RATE_LIMIT: '0', FIREBASE_PROJECT_ID: emulator.projectId },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await emulator?.stop();
  });

  test('503 with Retry-After in the form language while it is down; the same post succeeds once it is back', async () => {
    const undelivered = join(server.dist.dir, 'outbox', 'undelivered');
    const sent = await postJson(server.url, '/mail/send-new', forms.contact);
    expect(sent.status).toBe(200);
    await waitForMails(smtp, 1);
    const port = smtp.port;
    await smtp.close();

    const dutch = await postJson(server.url, '/mail/send-new', forms.contact);
    expect(dutch.status).toBe(503);
    expect(dutch.headers.get('retry-after')).toBe('60');
    expect(dutch.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await dutch.json()).toEqual({
      statusMessage:
        'Er is iets mis gegaan bij het verzenden. Je bericht is niet verstuurd; probeer het over een paar minuten opnieuw.',
    });
    const english = await postJson(server.url, '/mail/send-new', forms.question);
    expect(english.status).toBe(503);
    expect(await english.json()).toEqual({
      statusMessage:
        'Something went wrong while sending. Your message was not sent; please try again in a few minutes.',
    });
    // Nothing partial: no copy tells a sender their message went out; each office mail is kept, once.
    expect(await emlFiles(undelivered)).toHaveLength(2);
    expect(server.logs.filter((line) => line.includes('the copy to the sender'))).toEqual([]);
    expect(server.logs.join('\n')).not.toMatch(/\n\s+at /);

    smtp = await startSmtp(port);
    const retried = await postJson(server.url, '/mail/send-new', forms.question);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ ok: true, copySent: false });
    const mails = await waitForMails(smtp, 1);
    expect(mails.map((m) => toAddresses(m.mail))).toEqual([['info@baselinetennis.nl']]);
    expect(mails[0]?.mail.text).toContain('Do you offer lessons in English?');
    expect(await emlFiles(undelivered)).toHaveLength(2);
  });

  test('SMTP gone between the office mail and the copy of a signed-in sender: 200 (the office has it), copySent false, the copy kept', async () => {
    // Only a sender whose address is proven gets a copy (issue 17): signed in with it, verified.
    const email = `copy-${Date.now()}@example.nl`;
    const cookie = `__session=${(await signUp(emulator, email, 'any', { verified: true })).idToken}`;
    const undelivered = join(server.dist.dir, 'outbox', 'undelivered');
    const keptBefore = (await emlFiles(undelivered)).length;
    const receivedBefore = smtp.received.length;
    const port = smtp.port;
    const stopped = new Promise<void>((done) => {
      // Stopped as the office mail is accepted, so the copy finds nobody listening.
      smtp.onAccepted = () => void smtp.close().then(done);
    });
    const response = await postJson(server.url, '/mail/send-new', { ...forms.contact, email }, { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, copySent: false });
    await stopped;
    expect(smtp.received.slice(receivedBefore).map((m) => toAddresses(m.mail))).toEqual([['info@baselinetennis.nl']]);
    expect(await emlFiles(undelivered)).toHaveLength(keptBefore + 1);
    expect(server.logs.some((line) => line.includes('the copy to the sender of a contact form was not sent'))).toBe(
      true,
    );
    smtp = await startSmtp(port);
  });
});
