import { connect, type Socket } from 'node:net';

/**
 * HTTP/1.1 by hand over a TCP socket. fetch and http.request clean a path up before sending it
 * (`/../` resolved, `\` turned into `/`, NUL refused); hostile clients do not, so the tests that
 * play one write the request bytes themselves.
 */

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * The first response in `bytes`, or undefined while its head or body is still incomplete.
 * An answer to HEAD has a Content-Length but no body.
 */
export function parseAnswer(bytes: Buffer, toHead = false): RawAnswer | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = toHead ? 0 : Number(headers['content-length'] ?? 0);
  const body = bytes.subarray(end + 4);
  if (body.length < length) return undefined;
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.subarray(0, length).toString('utf8') };
}

/** Sends `head` exactly as given (plus an optional body) and reads the one answer that comes back. */
export async function rawRequest(url: string, head: string, body: Buffer | string = ''): Promise<RawAnswer> {
  const socket = await openSocket(url);
  const toHead = head.startsWith('HEAD ');
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const timer = setTimeout(
      () => finish(new Error(`no answer to ${JSON.stringify(head.split('\r\n')[0])} within 5 s`)),
      5000,
    );
    const finish = (result: RawAnswer | Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const answer = parseAnswer(received, toHead);
      if (answer) finish(answer);
    });
    socket.on('close', () =>
      finish(
        parseAnswer(received, toHead) ??
          new Error(`closed without an answer: ${JSON.stringify(received.toString('latin1'))}`),
      ),
    );
    socket.on('error', () => {});
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(body)]));
  });
}

/** A GET with the target sent byte for byte, as a scanner would send it. */
export function rawGet(url: string, target: string, method = 'GET'): Promise<RawAnswer> {
  return rawRequest(url, `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
}

/** Everything a socket receives until the server closes it, and how long after `since` that was. */
export function untilClosed(socket: Socket, since = Date.now()): Promise<{ received: string; afterMs: number }> {
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.once('close', () => resolve({ received, afterMs: Date.now() - since }));
  });
}
