import { createHash } from 'node:crypto';
import { inlineScriptHashes } from '../../functions/csp.ts';
import type { ServedFile } from '../serve/files.ts';
import { contentType } from '../serve/mime.ts';

/**
 * A file made in memory, in the shape `site serve`'s request handler sends. Never compressed:
 * on localhost compression costs more time than it saves (brotli at the quality `site serve`
 * uses takes about 0.1 s for a page).
 */
export function servedFile(path: string, contents: string | Uint8Array): ServedFile {
  const body =
    typeof contents === 'string'
      ? Buffer.from(contents)
      : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
  const type = contentType(path);
  return {
    path,
    body,
    type,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    compressible: false,
    scriptHashes: type.startsWith('text/html') ? inlineScriptHashes(body.toString('utf8')) : [],
    variant: async () => body,
  };
}
