import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openSocket, rawGet, rawRequest, untilClosed } from '../serve/helpers/raw-http.ts';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';

/**
 * Requests a form would never send, to every function route and to static pages: each gets a
 * 4xx with a message the visitor's page can show (`statusMessage`, functions/http.ts), never a
 * 500 or a stack trace.
 */
let server: TestServer;
let staging: TestServer;
beforeAll(async () => {
  // Rate limit off: this file posts hundreds of bad requests on purpose (the flood test keeps it on).
  [server, staging] = await Promise.all([
    startFixtureServer({ env: { SITE_RATE_LIMIT: '0' } }),
    startFixtureServer({ env: { SITE_RATE_LIMIT: '0', STAGING: '1', STAGING_PASSWORD: 'a-long-password' } }),
  ]);
});
afterAll(() => Promise.all([server.stop(), staging.stop()]));

/** The POST routes that read a JSON body; staging login only exists on a staging server. */
const jsonRoutes = [
  ['/mail/send-new', () => server],
  ['/api/__session', () => server],
  ['/api/registrations', () => server],
  ['/api/staging-login', () => staging],
] as const;

async function send(
  on: TestServer,
  path: string,
  init: { method?: string; type?: string | null; body?: string; language?: string } = {},
) {
  const headers: Record<string, string> = { origin: on.url, 'accept-language': init.language ?? 'nl-NL,nl;q=0.9' };
  if (init.type !== null) headers['content-type'] = init.type ?? 'application/json';
  const response = await fetch(`${on.url}${path}`, {
    method: init.method ?? 'POST',
    headers,
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const text = await response.text();
  return { response, text, answer: JSON.parse(text) as { statusMessage?: unknown } };
}

/** A refusal the page can show: JSON, a readable message, nothing internal. */
function expectMessage(result: Awaited<ReturnType<typeof send>>, status: number, message: RegExp) {
  expect(result.response.status, result.text).toBe(status);
  expect(result.response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(result.answer.statusMessage).toMatch(message);
  expect(result.text).not.toMatch(/\bat .*\.ts:\d+|Error:/);
}

describe.each(jsonRoutes)('POST %s', (path, on) => {
  test.each([
    ['cut short', '{"kind": "contact", "email": '],
    ['single quotes', "{'password': 'x'}"],
    ['trailing comma', '{"token": "x",}'],
    ['empty', ''],
    ['a JavaScript expression', 'alert(1)'],
    ['an unclosed nesting 50,000 deep', '['.repeat(50_000)],
  ])('malformed JSON (%s) → 400', async (_how, body) => {
    expectMessage(await send(on(), path, { body }), 400, /geen geldige JSON/);
  });

  test('malformed JSON in English for an English browser', async () => {
    expectMessage(await send(on(), path, { body: '{', language: 'en-GB,en;q=0.8' }), 400, /not valid JSON/);
  });

  test('valid JSON nested 30,000 deep → a 4xx naming what is wrong, not a crash', async () => {
    const body = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    const result = await send(on(), path, { body });
    expect(result.response.status, result.text).toBeGreaterThanOrEqual(400);
    expect(result.response.status, result.text).toBeLessThan(500);
    expect(typeof result.answer.statusMessage).toBe('string');
  });

  // A form's own encoding is a plain HTML form's post on the routes a page's form posts to
  // (tests/functions/plain-forms.test.ts); sign-in has no form without its island, so JSON only.
  const plainFormRoute = path !== '/api/__session';
  test.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ...(plainFormRoute ? [] : [['a form', 'application/x-www-form-urlencoded']]),
    ['multipart', 'multipart/form-data; boundary=x'],
    ['almost JSON', 'application/jsonp'],
    ['none at all', null],
  ] as Array<[string, string | null]>)('content type %s → 415', async (_how, type) => {
    expectMessage(await send(on(), path, { type, body: '{"password":"x"}' }), 415, /als JSON worden verstuurd/);
  });

  test('a 2 MB body → 413', async () => {
    expectMessage(
      await send(on(), path, { body: JSON.stringify({ question: 'x'.repeat(2 * 1024 * 1024) }) }),
      413,
      /te groot/,
    );
  });

  test.each(['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('%s → 405 with Allow', async (method) => {
    const allowed = path === '/api/registrations' || path === '/api/__session' ? 'GET, HEAD, POST' : 'POST';
    if (allowed.split(', ').includes(method)) return;
    const result = await send(on(), path, { method, ...(method === 'GET' ? {} : { body: '{}' }) });
    expectMessage(result, 405, /niet toegestaan/);
    expect(result.response.headers.get('allow')).toBe(allowed);
  });
});

describe('oversized bodies are refused before they are read', () => {
  test('a declared Content-Length over the limit gets 413 without a byte of body sent', async () => {
    const answer = await rawRequest(
      server.url,
      `POST /mail/send-new HTTP/1.1\r\nHost: localhost\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n`,
    );
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ statusMessage: 'Het bericht is te groot om te versturen.' });
  });

  test('a chunked body without a length is cut off at the limit and the connection closed', async () => {
    const socket = await openSocket(server.url);
    const closed = untilClosed(socket);
    socket.write(
      `POST /api/registrations HTTP/1.1\r\nHost: localhost\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const chunk = 'x'.repeat(16 * 1024);
    // Keeps sending (a client that ignores the 413) until the server closes the socket.
    const flood = setInterval(() => {
      if (!socket.destroyed) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    }, 5);
    const { received } = await closed;
    clearInterval(flood);
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
  });
});

describe('static paths take GET and HEAD only', () => {
  test.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'])(
    '%s /kampen → 405, Allow: GET, HEAD',
    async (method) => {
      const answer = await rawGet(server.url, '/kampen', method);
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD');
      expect(answer.body).toBe('Method Not Allowed\n');
    },
  );

  test('POST to a page that does not exist is 405 too (no 404 page rendered for it)', async () => {
    expect((await rawGet(server.url, '/bestaat-niet', 'POST')).status).toBe(405);
  });

  test('a method HTTP does not know → 400 from the parser', async () => {
    expect((await rawGet(server.url, '/kampen', 'BREW')).status).toBe(400);
  });

  test('CONNECT (asking the site to be a proxy) closes the connection', async () => {
    const socket = await openSocket(server.url);
    const closed = untilClosed(socket);
    socket.write('CONNECT internal.example:22 HTTP/1.1\r\nHost: internal.example:22\r\n\r\n');
    const { received } = await closed;
    expect(received).not.toMatch(/^HTTP\/1\.1 200/);
  });
});

test('nothing above was logged as a server error', () => {
  const logs = [...server.logs, ...staging.logs].join('\n');
  expect(logs).not.toMatch(/^error |function .* failed|\n\s+at /m);
  expect(logs).not.toMatch(/" 500 /);
});
