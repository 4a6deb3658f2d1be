/**
 * Issue 17, items 12 and 6: the Origin check compares with what is configured (the site's url,
 * SITE_ALLOWED_ORIGINS, the address `site serve` listens on), never with the request's Host; and
 * a refused cross-site post does not spend the visitor's rate limit.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { forms } from '../functions/helpers/forms.ts';
import { rawRequest } from '../serve/helpers/raw-http.ts';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';
import { startSmtp, type TestSmtp } from '../functions/helpers/smtp.ts';

let smtp: TestSmtp;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startFixtureServer({
    env: {
      SMTP_URL: smtp.url,
      SITE_RATE_LIMIT: '20',
      SITE_TRUST_PROXY: '1',
      SITE_ALLOWED_ORIGINS: 'https://Staging.Baselinetennis.nl:443',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** A form post with the given head lines, from the client address `client` (one proxy of ours in front). */
function post(headers: Record<string, string>, client: string, body = JSON.stringify(forms.contact)) {
  const lines = Object.entries({
    host: new URL(server.url).host,
    'content-type': 'application/json',
    'x-forwarded-for': client,
    ...headers,
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return rawRequest(
    server.url,
    `POST /mail/send-new HTTP/1.1\r\n${lines}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    body,
  );
}

describe('item 12: Origin against configuration, not Host', () => {
  test.each([
    ['DNS rebinding: Host and Origin both evil.example', { host: 'evil.example', origin: 'http://evil.example' }],
    [
      'the same through the proxy: X-Forwarded-Host evil.example',
      { 'x-forwarded-host': 'evil.example', origin: 'http://evil.example' },
    ],
    ['an https Origin of the rebinding host', { host: 'evil.example', origin: 'https://evil.example' }],
    ['no Origin at all', { host: 'evil.example' }],
    ['Origin null (a sandboxed frame)', { origin: 'null' }],
    ['a look-alike of the site', { origin: 'https://www.baselinetennis.nl.evil.example' }],
  ])('%s: 403', async (_name, headers) => {
    const answer = await post(headers, '203.0.113.10');
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ statusMessage: 'Dit verzoek komt niet van deze website.' });
  });

  test.each([
    ['the site url, whatever Host says', { host: 'evil.example', origin: 'https://www.baselinetennis.nl' }],
    [
      'an allowed origin (configured with another case and the default port)',
      { origin: 'https://staging.baselinetennis.nl' },
    ],
    ['the address the server listens on', { origin: () => server.url }],
    ['localhost on its port', { origin: () => server.url.replace('127.0.0.1', 'localhost') }],
  ])('%s: accepted', async (_name, headers) => {
    const resolved = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, typeof value === 'function' ? value() : value]),
    );
    const answer = await post(resolved, '203.0.113.11');
    expect(answer.status, answer.body).toBe(200);
  });

  test('a plain form (no JavaScript) from the rebinding host is refused too, to the "not sent" page', async () => {
    const body = new URLSearchParams(
      Object.entries(forms.contact).map(([name, value]) => [name, String(value)]),
    ).toString();
    const answer = await post(
      { host: 'evil.example', origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      '203.0.113.12',
      body,
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/niet-verzonden/refused');
  });

  test('a refusal is logged with the origin and how to allow one', () => {
    expect(
      server.logs.some(
        (line) =>
          line.includes('refused a POST from Origin "http://evil.example"') && line.includes('SITE_ALLOWED_ORIGINS'),
      ),
    ).toBe(true);
  });
});

describe('item 6: refused posts do not spend the rate limit', () => {
  test('25 cross-site posts from a visitor browser (all 403), then the visitor sends the form', async () => {
    const victim = '198.51.100.23';
    for (let attempt = 0; attempt < 25; attempt += 1) {
      expect((await post({ origin: 'https://evil.example' }, victim)).status).toBe(403);
    }
    const own = await post({ origin: 'https://www.baselinetennis.nl' }, victim);
    expect(own.status, own.body).toBe(200);
  });
});
