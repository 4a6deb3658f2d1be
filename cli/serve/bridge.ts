import type { IncomingMessage, ServerResponse } from 'node:http';

/** Between Node's http objects and the fetch Request/Response the functions speak. */

export class BodyTooLarge extends Error {}

/**
 * The client closed the connection (or the request timeout closed it) before its body ended:
 * nobody is left to answer, and nothing went wrong on our side worth a stack trace.
 */
export class ClientGone extends Error {}

/**
 * The request body, at most `limit` bytes. Reading stops at the limit: the rest of a 2 MB post is
 * never held in memory (the socket is closed after the 413, see request-handler.ts).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > limit) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    // Node emits "aborted" (ECONNRESET) when the socket closes mid-body, e.g. a slowloris post
    // cut off by the request timeout.
    req.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ECONNRESET' ? new ClientGone(error.message) : error),
    );
  });
}

export function toFetchRequest(req: IncomingMessage, origin: string, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  const hasBody = body !== undefined && method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    ...(hasBody ? { body: new Uint8Array(body) } : {}),
  });
}

/** Writes a fetch Response; Set-Cookie stays a list (joining cookies with commas breaks them). */
export async function sendFetchResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('set-cookie', cookies);
  res.setHeader('content-length', body.length);
  res.end(head ? undefined : body);
}
