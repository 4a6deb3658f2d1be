import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * The best encoding the client accepts. q=0 means "not this one" (RFC 9110 §12.5.3); other
 * weights are not ranked further: br is smaller than gzip for everything we serve.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/**
 * How hard to compress. `quick` answers a file's first request (about 1 ms for a 45 KB page);
 * `best` (brotli's top quality: about 40 ms for that page on a quiet core, several times that on
 * a busy one) replaces it once made, off the request path, about 8 % smaller.
 */
export type Effort = 'quick' | 'best';

/** Compressed once per file version and effort, and cached by the caller; very large files get brotli quality 9 at best. */
export function compress(body: Buffer, encoding: Encoding, effort: Effort): Promise<Buffer> {
  if (encoding === 'gzip') return gz(body, { level: effort === 'quick' ? 6 : 9 });
  const quality = effort === 'quick' ? 5 : body.length <= 256 * 1024 ? 11 : 9;
  return brotli(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}
