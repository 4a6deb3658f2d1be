import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultLimits } from '../../cli/serve/limits.ts';
import { openSocket, rawRequest, untilClosed } from '../serve/helpers/raw-http.ts';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';

/**
 * Oversized heads and clients that never finish (slowloris). The limits are those of
 * cli/serve/limits.ts made shorter, so a timeout is seen in a second instead of ten; what is
 * tested is that Node is told them and keeps them.
 */
const limits = { headersTimeoutMs: 1000, requestTimeoutMs: 2000, keepAliveTimeoutMs: 500 };
// Node looks at open connections every headersTimeout / 4; a busy CI machine adds the rest. Still
// far below the 30 s Node's own check interval would take.
const slack = 3000;

let server: TestServer;
beforeAll(async () => {
  server = await startFixtureServer({ limits, env: { SITE_RATE_LIMIT: '0' } });
});
afterAll(() => server.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('oversized heads get 431', () => {
  test.each([
    ['one 64 KB header', `X-Filler: ${'a'.repeat(64 * 1024)}\r\n`],
    ['a 20 KB cookie', `Cookie: session=${'b'.repeat(20 * 1024)}\r\n`],
    ['3,000 small headers', Array.from({ length: 3000 }, (_, index) => `X-H${index}: 1\r\n`).join('')],
  ])('%s', async (_how, headers) => {
    const answer = await rawRequest(server.url, `GET /kampen HTTP/1.1\r\nHost: localhost\r\n${headers}\r\n`);
    expect(answer.status).toBe(431);
  });

  test('a 20 KB path', async () => {
    const answer = await rawRequest(server.url, `GET /${'x'.repeat(20 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer.status).toBe(431);
  });

  test('a head just under the limit is served', async () => {
    const filler = 'c'.repeat(defaultLimits.maxHeaderBytes - 200);
    const answer = await rawRequest(
      server.url,
      `GET /kampen HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${filler}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(200);
  });
});

// Concurrent: each case mostly waits for a timer, so together they take as long as the longest.
describe.concurrent('slow clients are answered 408 and closed', () => {
  test('a head trickled one byte every 100 ms (slowloris)', async () => {
    const socket = await openSocket(server.url);
    const closed = untilClosed(socket);
    const head = `GET /kampen HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'z'.repeat(200)}`;
    let sent = 0;
    const trickle = setInterval(() => {
      if (socket.destroyed || sent >= head.length) return clearInterval(trickle);
      socket.write(head[sent++] ?? '');
    }, 100);
    const { received, afterMs } = await closed;
    clearInterval(trickle);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThan(limits.headersTimeoutMs + slack);
    expect(sent).toBeLessThan(head.length); // closed while still trickling
  });

  test('a connection that never sends a byte', async () => {
    const socket = await openSocket(server.url);
    const { afterMs } = await untilClosed(socket);
    expect(afterMs).toBeLessThan(limits.headersTimeoutMs + slack);
  });

  test('a form post whose body never ends', async () => {
    const socket = await openSocket(server.url);
    const closed = untilClosed(socket);
    const body = JSON.stringify({ kind: 'contact', question: 'x'.repeat(500) });
    socket.write(
      `POST /mail/send-new HTTP/1.1\r\nHost: localhost\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 40)}`,
    );
    // A few more bytes now and then, so the connection is never idle: only the request timeout ends it.
    let sent = 40;
    const trickle = setInterval(() => {
      if (!socket.destroyed && sent < body.length - 10) socket.write(body[sent++] ?? '');
    }, 150);
    const { received, afterMs } = await closed;
    clearInterval(trickle);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThan(limits.requestTimeoutMs + slack);
    // Logged as a request that got no answer, not as a server error with a stack trace.
    await sleep(50);
    expect(server.logs.join('\n')).toMatch(/"POST \/mail\/send-new HTTP\/1\.1" -! 0 /);
    expect(server.logs.join('\n')).not.toMatch(/error POST|\n\s+at /);
  });

  test('a kept-alive connection left idle after its answer', async () => {
    const socket = await openSocket(server.url);
    const closed = untilClosed(socket);
    socket.write('GET /kampen HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const { received, afterMs } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    // Node closes an idle kept-alive socket one second after the timeout it announces.
    expect(afterMs).toBeLessThan(limits.keepAliveTimeoutMs + 1000 + slack);
  });

  test('a client that is slow but within the limits is served', async () => {
    const socket = await openSocket(server.url);
    const closed = untilClosed(socket);
    const head = 'GET /kampen HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n';
    for (const part of [head.slice(0, 20), head.slice(20, 40), head.slice(40)]) {
      socket.write(part);
      await sleep(150);
    }
    const { received } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
  });
});

test('the server still answers after all of that', async () => {
  const response = await fetch(`${server.url}/kampen`);
  expect(response.status).toBe(200);
});
