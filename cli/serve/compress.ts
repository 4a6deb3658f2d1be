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
 * Compressed once per file version and cached by the caller, so the slow top brotli quality is
 * affordable (about 0.1 s for a 64 KB page, off the main thread); very large files get quality 9.
 */
export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gz(body, { level: 9 });
  const quality = body.length <= 256 * 1024 ? 11 : 9;
  return brotli(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}
