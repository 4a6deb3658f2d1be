import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * One line per request, written when the answer is finished (or the client went away):
 * `time ip "METHOD /path?query HTTP/1.1" status bytes duration "user agent"`.
 */
export function logAccess(
  req: IncomingMessage,
  res: ServerResponse,
  clientIp: string,
  log: (line: string) => void,
): void {
  const start = process.hrtime.bigint();
  let done = false;
  const write = () => {
    if (done) return;
    done = true;
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    // ! = the connection closed before the answer was sent; `-` = no answer had even begun.
    const status = res.writableFinished ? res.statusCode : `${res.headersSent ? res.statusCode : '-'}!`;
    const bytes = Number(res.getHeader('content-length') ?? 0);
    const agent = (req.headers['user-agent'] ?? '-').replace(/"/g, "'");
    const target = (req.url ?? '').replace(/"/g, '%22');
    log(
      `${new Date().toISOString()} ${clientIp} "${req.method} ${target} HTTP/${req.httpVersion}" ${status} ${bytes} ${ms.toFixed(1)}ms "${agent}"`,
    );
  };
  res.once('finish', write);
  res.once('close', write);
}
