/**
 * Forms without JavaScript (issue 18) over real HTTP, `site serve` with SMTP to a loopback server:
 * a browser's urlencoded post is taken by the same functions, under the same Origin, rate-limit
 * and size rules as JSON, and answered `303 See Other` to the page that says what happened, in
 * the form's language. The pages themselves: tests/browser/forms-without-js.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';
import { forms, type FormKind } from './helpers/forms.ts';
import { postJson } from './helpers/post.ts';
import { startSmtp, waitForMails, type TestSmtp } from './helpers/smtp.ts';

let smtp: TestSmtp;
let server: TestServer;
let limited: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  [server, limited] = await Promise.all([
    startFixtureServer({ env: { SMTP_URL: smtp.url, SITE_RATE_LIMIT: '0', SITE_BODY_LIMIT: '2048' } }),
    startFixtureServer({ env: { SMTP_URL: smtp.url, SITE_RATE_LIMIT: '3' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([server.stop(), limited.stop()]);
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

type Fields = Record<string, string>;

/** Posts as a browser posts a form: urlencoded, with the page's Origin (and Referer, when given). */
function postForm(target: TestServer, path: string, fields: Fields | string, headers: Record<string, string> = {}) {
  return fetch(`${target.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: target.url, ...headers },
    body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
  });
}

/** The form as a browser sends it: every control, the empty ones too, and the empty honeypot. */
const asSent = (kind: FormKind, extra: Fields = {}): Fields => ({
  ...(forms[kind] as Fields),
  name: (forms[kind] as Fields).name ?? '',
  website: '',
  ...extra,
});

async function seeOther(response: Response): Promise<string> {
  expect(response.status).toBe(303);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return response.headers.get('location') ?? '';
}

const noMail = async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(smtp.received).toHaveLength(0);
};

describe('mail forms posted without JavaScript', () => {
  test.each(Object.keys(forms) as FormKind[])(
    '%s: sent, and the visitor goes to its "sent" page in the form\'s language',
    async (kind) => {
      const fields = asSent(kind);
      // `name` is optional where the form has it: sent empty, as a browser sends an empty field.
      if (!('name' in forms[kind])) delete fields.name;
      const location = await seeOther(await postForm(server, '/mail/send-new', fields));
      expect(location).toBe(forms[kind].locale === 'en' ? `/en/sent/${kind}` : `/verzonden/${kind}`);
      // The office mail only: a guest's address is not proven theirs, so no copy goes there (issue 17).
      const mails = await waitForMails(smtp, 1);
      expect(mails.map((mail) => mail.envelope.to)).toEqual([['info@baselinetennis.nl']]);
      expect(mails.map((mail) => mail.mail.text)).toEqual([expect.stringContaining(fields.email!)]);
    },
  );

  test('line breaks of a textarea reach the mail as typed', async () => {
    await seeOther(
      await postForm(server, '/mail/send-new', asSent('contact', { question: 'Regel een\r\nRegel twee' })),
    );
    const [office] = await waitForMails(smtp, 1);
    expect(office?.mail.text).toMatch(/Regel een\r?\n\s*Regel twee/);
  });

  test.each([
    ['a bad address', asSent('contact', { email: 'anna@localhost' }), '/niet-verzonden/invalid'],
    ['a required field left empty', asSent('basic', { surname: '' }), '/en/not-sent/invalid'],
    ['a field the form does not have', asSent('contact', { colour: 'green' }), '/niet-verzonden/invalid'],
    [
      'a field named __proto__',
      `${new URLSearchParams(asSent('contact')).toString()}&__proto__=x&constructor.prototype=y`,
      '/niet-verzonden/invalid',
    ],
    [
      'a subject with a line break (header injection)',
      asSent('question', { subject: 'Hi\r\nBcc: all@example.com' }),
      '/en/not-sent/invalid',
    ],
  ] as Array<[string, Fields | string, string]>)(
    '%s: nothing sent, and the "not sent" page says why',
    async (_, fields, page) => {
      expect(await seeOther(await postForm(server, '/mail/send-new', fields))).toBe(page);
      await noMail();
    },
  );

  test('a filled honeypot looks sent to the bot, and nothing is sent', async () => {
    expect(
      await seeOther(await postForm(server, '/mail/send-new', asSent('contact', { website: 'http://spam.example' }))),
    ).toBe('/verzonden/contact');
    await noMail();
  });

  test('SMTP down: the "not sent" page of a server fault', async () => {
    smtp.refuse = true;
    try {
      expect(await seeOther(await postForm(server, '/mail/send-new', asSent('question')))).toBe(
        '/en/not-sent/unavailable',
      );
    } finally {
      smtp.refuse = false;
    }
  });

  test("the island's JSON gets JSON as before", async () => {
    const response = await postJson(server.url, '/mail/send-new', forms.contact);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, copySent: false });
  });
});

describe('the same rules as JSON', () => {
  test.each([
    ['another site', { origin: 'https://evil.example' }],
    ['no Origin at all', { origin: '' }],
  ])('a post from %s is refused: nothing sent', async (_, headers) => {
    const response = await postForm(server, '/mail/send-new', asSent('contact'), headers);
    expect(await seeOther(response)).toBe('/niet-verzonden/refused');
    await noMail();
  });

  test('the rate limit counts plain and JSON posts together', async () => {
    expect((await postJson(limited.url, '/mail/send-new', forms.contact)).status).toBe(200);
    expect(await seeOther(await postForm(limited, '/mail/send-new', asSent('contact')))).toBe('/verzonden/contact');
    expect((await postJson(limited.url, '/mail/send-new', forms.contact)).status).toBe(200);
    expect(await seeOther(await postForm(limited, '/mail/send-new', asSent('basic')))).toBe('/en/not-sent/busy');
    expect((await postJson(limited.url, '/mail/send-new', forms.contact)).status).toBe(429);
  });

  test("a body over the limit is refused before it is read, to the page of the form's language (from the page it came from)", async () => {
    const fields = asSent('contact', { question: 'x'.repeat(4096) });
    const response = await postForm(server, '/mail/send-new', fields, { referer: `${server.url}/en/contact` });
    expect(await seeOther(response)).toBe('/en/not-sent/invalid');
    await noMail();
  });

  test('the limit holds the body as sent: a form just under it is taken, although its JSON is longer', async () => {
    // A control character is 3 bytes urlencoded (%01) and 6 in JSON (\u0001).
    const question = `Vraag ${'\u0001'.repeat(550)}`;
    const body = new URLSearchParams(asSent('contact', { question })).toString();
    expect(body.length).toBeLessThan(2048);
    expect(JSON.stringify({ question }).length).toBeGreaterThan(2048);
    expect(await seeOther(await postForm(server, '/mail/send-new', body))).toBe('/verzonden/contact');
  });

  test('a route no page posts a form to still wants JSON', async () => {
    const response = await postForm(server, '/api/__session', { token: '' });
    expect(response.status).toBe(415);
  });
});
