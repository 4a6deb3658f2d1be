import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';
import { forms } from './helpers/forms.ts';
import { postJson } from './helpers/post.ts';
import { startSmtp, waitForMails, type TestSmtp } from './helpers/smtp.ts';

let smtp: TestSmtp;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  // Rate limit off here: this file sends many bad posts on purpose; the limit has its own test.
  server = await startFixtureServer({ env: { SMTP_URL: smtp.url, SITE_RATE_LIMIT: '0' } });
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

/** Posts, checks the answer, and checks that not a single mail went out. */
async function rejected(
  body: unknown,
  status: number,
  expected: { field?: string; message?: RegExp } = {},
  headers: Record<string, string> = {},
) {
  const response = await postJson(server.url, '/mail/send-new', body, headers);
  const answer = (await response.json()) as { statusMessage?: string; field?: string };
  expect(response.status, JSON.stringify(answer)).toBe(status);
  expect(typeof answer.statusMessage).toBe('string');
  if (expected.field) expect(answer.field).toBe(expected.field);
  if (expected.message) expect(answer.statusMessage).toMatch(expected.message);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(smtp.received).toHaveLength(0);
  return answer;
}

const without = (form: Record<string, unknown>, field: string) =>
  Object.fromEntries(Object.entries(form).filter(([key]) => key !== field));

describe("400 names the field, in the sender's language", () => {
  test.each([
    ['contact', 'email'],
    ['contact', 'question'],
    ['contact', 'subject'],
    ['question', 'subject'],
    ['customer', 'subjectPerson'],
    ['customer', 'subjectClub'],
    ['basic', 'firstName'],
    ['basic', 'surname'],
    ['job', 'jobId'],
    ['job', 'motivation'],
    ['job', 'locale'],
  ] as const)('%s without %s', async (kind, field) => {
    await rejected(without(forms[kind], field), 400, { field });
  });

  test('a missing field in Dutch and in English', async () => {
    const nl = await rejected(without(forms.contact, 'email'), 400, { field: 'email' });
    expect(nl.statusMessage).toBe('E-mailadres: dit veld is verplicht.');
    const en = await rejected(without(forms.question, 'question'), 400, { field: 'question' });
    expect(en.statusMessage).toBe('Question: this field is required.');
  });

  test('an empty (whitespace) field counts as missing', async () => {
    await rejected({ ...forms.contact, question: '   ' }, 400, { field: 'question', message: /verplicht/ });
  });

  test('wrong types', async () => {
    await rejected({ ...forms.contact, question: 42 }, 400, { field: 'question', message: /ongeldige waarde/ });
    await rejected({ ...forms.basic, firstName: ['Sara'] }, 400, { field: 'firstName', message: /invalid value/ });
    await rejected({ ...forms.job, phone: 612345678 }, 400, { field: 'phone' });
  });

  test('a bad email address', async () => {
    await rejected({ ...forms.question, email: 'not-an-address' }, 400, { field: 'email', message: /valid email/ });
  });

  test('an unknown kind, an unknown locale, an unknown field', async () => {
    await rejected({ ...forms.contact, kind: 'newsletter' }, 400, { field: 'kind' });
    await rejected({ ...forms.contact, locale: 'de' }, 400, { field: 'locale' });
    await rejected({ ...forms.contact, bcc: 'x@example.com' }, 400, {
      field: 'bcc',
      message: /hoort niet bij het formulier/,
    });
  });

  test('too long', async () => {
    await rejected({ ...forms.contact, subject: 'x'.repeat(201) }, 400, { field: 'subject', message: /te lang/ });
  });

  test('not an object at all', async () => {
    await rejected([1, 2, 3], 400, { field: 'kind' });
    await rejected('"just a string"', 400, { field: 'kind' });
  });
});

describe('header injection: CR or LF in a field that ends up in a header is refused', () => {
  test.each([
    ['contact', 'subject', 'Vraag\r\nBcc: victim@example.com'],
    ['contact', 'name', 'Anna\nBcc: victim@example.com'],
    ['customer', 'subjectPerson', 'Mark\rX-Evil: 1'],
    ['basic', 'firstName', 'Sara\r\n'],
    ['job', 'jobId', 'trainer\nSubject: hi'],
  ] as const)('%s.%s', async (kind, field, value) => {
    await rejected({ ...forms[kind], [field]: value }, 400, { field, message: /één regel|one line/ });
  });

  test('an address with a line break', async () => {
    await rejected({ ...forms.contact, email: 'anna@example.nl\r\nBcc: victim@example.com' }, 400, { field: 'email' });
  });

  test('line breaks in the question itself are fine (a body, not a header)', async () => {
    const response = await postJson(server.url, '/mail/send-new', { ...forms.contact, question: 'Regel 1\r\nRegel 2' });
    expect(response.status).toBe(200);
    expect(await waitForMails(smtp, 1)).toHaveLength(1);
  });
});

describe('transport-level refusals', () => {
  test('invalid JSON', async () => {
    await rejected('{"kind": "contact",', 400, { message: /geen geldige JSON/ });
  });

  test("not JSON at all (415); a plain form's urlencoded post is taken (tests/functions/plain-forms.test.ts)", async () => {
    await rejected('kind=contact', 415, {}, { 'content-type': 'text/plain' });
    await rejected(
      '--x\r\nContent-Disposition: form-data; name="kind"\r\n\r\ncontact\r\n--x--',
      415,
      {},
      { 'content-type': 'multipart/form-data; boundary=x' },
    );
  });

  test('a 2 MB body gets 413', async () => {
    const body = JSON.stringify({ ...forms.contact, question: 'x'.repeat(2 * 1024 * 1024) });
    const response = await postJson(server.url, '/mail/send-new', body);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ statusMessage: 'Het bericht is te groot om te versturen.' });
    expect(smtp.received).toHaveLength(0);
  });

  test('a 2 MB body sent without Content-Length (chunked) gets 413 too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 32) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${server.url}/mail/send-new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(smtp.received).toHaveLength(0);
  });

  test('another origin gets 403', async () => {
    await rejected(forms.contact, 403, { message: /niet van deze website/ }, { origin: 'https://evil.example' });
  });

  test('no Origin at all gets 403', async () => {
    const response = await fetch(`${server.url}/mail/send-new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forms.contact),
    });
    expect(response.status).toBe(403);
    expect(smtp.received).toHaveLength(0);
  });

  test("the site's production origin is allowed (the page may be served from there)", async () => {
    const response = await postJson(server.url, '/mail/send-new', forms.basic, {
      origin: 'https://www.baselinetennis.nl',
    });
    expect(response.status).toBe(200);
  });

  test('GET on the function is 405 with Allow: POST', async () => {
    const response = await fetch(`${server.url}/mail/send-new`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('honeypot', () => {
  test('a filled `website` field looks like success to the bot and sends nothing', async () => {
    const response = await postJson(server.url, '/mail/send-new', { ...forms.contact, website: 'http://spam.example' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.received).toHaveLength(0);
    expect(server.logs.some((line) => line.includes('honeypot'))).toBe(true);
  });

  test('an empty `website` field is a person', async () => {
    const response = await postJson(server.url, '/mail/send-new', { ...forms.contact, website: '' });
    expect(response.status).toBe(200);
    expect(await waitForMails(smtp, 1)).toHaveLength(1);
  });
});
