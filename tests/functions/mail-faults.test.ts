import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';
import { forms } from './helpers/forms.ts';
import { postJson } from './helpers/post.ts';
import { startSmtp, toAddresses, waitForMails, type TestSmtp } from './helpers/smtp.ts';

/** A loopback port with nothing listening on it: SMTP "down". */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const emlFiles = async (dir: string) =>
  (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();

let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  servers = [];
});
async function serve(env: Record<string, string>) {
  const server = await startFixtureServer({ env });
  servers.push(server);
  return server;
}

describe('SMTP down', () => {
  test('nobody listening: 503 with a message for the visitor, and the mail kept for the operator', async () => {
    const server = await serve({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    const response = await postJson(server.url, '/mail/send-new', forms.contact);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(await response.json()).toEqual({
      statusMessage:
        'Er is iets mis gegaan bij het verzenden. Je bericht is niet verstuurd; probeer het over een paar minuten opnieuw.',
    });
    const spool = join(server.dist.dir, 'outbox', 'undelivered');
    const files = await emlFiles(spool);
    expect(files).toHaveLength(1);
    const kept = await simpleParser(await readFile(join(spool, files[0] ?? '')));
    expect(kept.subject).toBe('[Website] Contact: Lesrooster');
    expect(kept.text).toContain('Ik heb twee kinderen.');
    expect(server.logs.some((line) => line.includes('SMTP delivery failed') && line.includes('kept in'))).toBe(true);
  });

  describe('a server that refuses for a while', () => {
    let smtp: TestSmtp;
    beforeAll(async () => {
      smtp = await startSmtp();
    });
    afterAll(() => smtp.close());

    test('503 in English for an English form; the same form sent again later arrives whole', async () => {
      const server = await serve({ SMTP_URL: smtp.url });
      smtp.refuse = true;
      const failed = await postJson(server.url, '/mail/send-new', forms.question);
      expect(failed.status).toBe(503);
      expect(((await failed.json()) as { statusMessage: string }).statusMessage).toMatch(
        /^Something went wrong while sending\./,
      );
      expect(smtp.received).toHaveLength(0);

      // The island keeps the form filled (nothing is lost on the visitor's side); the retry works.
      smtp.refuse = false;
      const retried = await postJson(server.url, '/mail/send-new', forms.question);
      expect(retried.status).toBe(200);
      const mails = await waitForMails(smtp, 1);
      const office = mails.find((m) => toAddresses(m.mail).includes('info@baselinetennis.nl'));
      expect(office?.mail.text).toContain('Do you offer lessons in English?');
    });
  });
});

describe('outbox mode (no SMTP_URL)', () => {
  test('the office mail is written as an .eml file, readable as mail, and the console says where', async () => {
    const server = await serve({});
    const outbox = join(server.dist.dir, 'outbox');
    expect(server.logs.some((line) => line.includes('no SMTP_URL set') && line.includes(outbox))).toBe(true);
    const response = await postJson(server.url, '/mail/send-new', forms.job);
    expect(response.status).toBe(200);
    const files = await emlFiles(outbox);
    expect(files).toHaveLength(1);
    const mails = await Promise.all(files.map(async (name) => simpleParser(await readFile(join(outbox, name)))));
    expect(mails.map((mail) => mail.subject)).toEqual(['[Website] Sollicitatie: tennistrainer-utrecht – Kees Visser']);
    expect(server.logs.filter((line) => line.includes('(outbox mode)'))).toHaveLength(1);
  });
});

describe('rate limit', () => {
  test('100 posts from one address: the first 20 are delivered, the rest get 429, nothing more is sent', async () => {
    const smtp = await startSmtp();
    try {
      const server = await serve({ SMTP_URL: smtp.url, SITE_RATE_LIMIT: '20' });
      const statuses: number[] = [];
      for (let index = 0; index < 100; index += 1) {
        const response = await postJson(server.url, '/mail/send-new', { ...forms.basic, firstName: `Sara${index}` });
        statuses.push(response.status);
        if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        await response.arrayBuffer();
      }
      expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
      expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
      await waitForMails(smtp, 20);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(smtp.received).toHaveLength(20);
      // Limited posts never reach the function, so no mail of a limited request exists.
      const names = new Set(smtp.received.map((m) => m.mail.text?.match(/Voornaam: (\S+)/)?.[1]).filter(Boolean));
      expect(names.size).toBe(20);
      expect([...names].every((name) => Number(name?.slice(4)) < 20)).toBe(true);
      // Pages are not rate limited.
      expect((await fetch(`${server.url}/kampen`)).status).toBe(200);
    } finally {
      await smtp.close();
    }
  });

  test('a bad SITE_RATE_LIMIT stops the server from starting, naming the variable', async () => {
    await expect(startFixtureServer({ env: { SITE_RATE_LIMIT: 'lots' } })).rejects.toThrow(/SITE_RATE_LIMIT/);
  });
});
