/** Sending a form to a real HTTP server: success, the server's statusMessage, and the fallback. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendJson } from '../../islands/lib/send-form.ts';

let server: Server;
let base: string;
const received: unknown[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ type: request.headers['content-type'], body: JSON.parse(body || 'null') as unknown });
      const answers: Record<string, [number, string, string]> = {
        '/ok': [200, 'application/json', '{"ok":true}'],
        '/field': [400, 'application/json', '{"statusMessage":"Vul een geldig e-mailadres in.","field":"email"}'],
        '/busy': [
          503,
          'application/json',
          '{"statusMessage":"Er is iets mis gegaan bij het verzenden. Je bericht is niet verstuurd."}',
        ],
        '/blank': [500, 'application/json', '{"statusMessage":"  "}'],
        '/html': [502, 'text/html', '<h1>Bad gateway</h1>'],
      };
      const [status, type, text] = answers[request.url ?? ''] ?? [404, 'text/plain', 'no'];
      response.writeHead(status, { 'content-type': type }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const failure = 'Er is iets mis gegaan bij het verzenden.';

test.each([
  ['/ok', { ok: true }],
  ['/field', { ok: false, message: 'Vul een geldig e-mailadres in.', field: 'email' }],
  ['/busy', { ok: false, message: 'Er is iets mis gegaan bij het verzenden. Je bericht is niet verstuurd.' }],
  ['/blank', { ok: false, message: failure }],
  ['/html', { ok: false, message: failure }],
  ['/nothing-here', { ok: false, message: failure }],
])('%s -> %o', async (path, expected) => {
  expect(await sendJson(base + path, { kind: 'basic' }, failure)).toEqual(expected);
});

test('the body is JSON', async () => {
  received.length = 0;
  await sendJson(`${base}/ok`, { kind: 'basic', email: 'a@b.nl' }, failure);
  expect(received).toEqual([{ type: 'application/json', body: { kind: 'basic', email: 'a@b.nl' } }]);
});

test('no network: the form’s own failure message', async () => {
  // A port nothing listens on (the server above, closed for this test, is not reused).
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  expect(await sendJson(`http://127.0.0.1:${port}/mail/send-new`, {}, failure)).toEqual({
    ok: false,
    message: failure,
  });
});
