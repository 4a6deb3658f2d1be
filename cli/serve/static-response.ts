import type { IncomingMessage, ServerResponse } from 'node:http';
import { negotiateEncoding } from './compress.ts';
import type { ServedFile } from './files.ts';
import { securityHeaders } from '../../functions/security-headers.ts';

/**
 * The ETag of each encoding of a file: the same bytes compressed are another representation.
 * Weak, because a file's compressed bytes change once (files.ts: a quick compression first, the
 * best one when made) while what they decode to does not; no request here needs a strong one
 * (there are no ranges and no If-Match).
 */
const suffix = { br: '-br', gzip: '-gz' } as const;
const tagFor = (file: ServedFile, encoding: keyof typeof suffix | undefined) =>
  encoding ? `W/${file.etag.slice(0, -1)}${suffix[encoding]}"` : file.etag;

/**
 * Does If-None-Match name this file? Any encoding of it counts: a client that has the gzip
 * bytes need not download the brotli ones.
 */
export function etagMatches(header: string | undefined, file: ServedFile): boolean {
  if (!header) return false;
  const base = file.etag.slice(1, -1);
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tag === `"${base}"` || tag === `"${base}-br"` || tag === `"${base}-gz"`;
  });
}

export interface SendFileOptions {
  status: number;
  cacheControl: string;
  https: boolean;
  /** HTML error pages are never answered with 304: their status is the message. */
  conditional: boolean;
}

export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: ServedFile,
  options: SendFileOptions,
): Promise<void> {
  for (const [name, value] of Object.entries(
    securityHeaders({ https: options.https, scriptHashes: file.scriptHashes }),
  )) {
    res.setHeader(name, value);
  }
  res.setHeader('cache-control', options.cacheControl);
  res.setHeader('content-type', file.type);
  if (file.compressible) res.setHeader('vary', 'Accept-Encoding');
  const encoding = file.compressible ? negotiateEncoding(req.headers['accept-encoding']) : undefined;
  if (options.conditional) {
    res.setHeader('etag', tagFor(file, encoding));
    if (etagMatches(req.headers['if-none-match'], file)) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  const body = encoding ? await file.variant(encoding) : file.body;
  res.statusCode = options.status;
  if (encoding) res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
