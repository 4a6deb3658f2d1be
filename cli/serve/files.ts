import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { compress, type Encoding } from './compress.ts';
import { inlineScriptHashes } from '../../functions/csp.ts';
import { contentType, isCompressible } from './mime.ts';

/**
 * Files of public/ with what serving them needs (type, ETag, compressed forms, CSP hashes),
 * read once per file version. A file is looked at again (stat) before it is served, so a rebuild
 * (`site dev` swaps dist/) is seen at once; with `recheckMs` (`site serve`) at most that often,
 * and in between a page comes straight from memory, without a trip to the file system's threads,
 * which on a busy machine wait for a processor like everything else.
 */
export interface ServedFile {
  path: string;
  body: Buffer;
  type: string;
  etag: string;
  compressible: boolean;
  scriptHashes: string[];
  variant(encoding: Encoding): Promise<Buffer>;
}

const maxCachedBytes = 128 * 1024 * 1024;
// Below this, compression costs more header bytes than it saves.
const minCompressBytes = 1024;

export interface FileStore {
  /** The file for a clean URL path, or undefined. */
  lookup(pathname: string): Promise<ServedFile | undefined>;
  /** A file by its path inside public/ (for 404, 500 and shell pages). */
  load(relative: string): Promise<ServedFile | undefined>;
}

interface Entry {
  version: string;
  /** When the file was last found unchanged (ms since the epoch). */
  checkedAt: number;
  file: ServedFile;
  /** Bytes held: the file and its compressed forms. */
  bytes: { held: number };
}

export function createFileStore(publicDir: string, { recheckMs = 0 }: { recheckMs?: number } = {}): FileStore {
  const cache = new Map<string, Entry>();
  let cachedBytes = 0;

  function remember(key: string, entry: Entry) {
    const old = cache.get(key);
    if (old) cachedBytes -= old.bytes.held;
    cache.set(key, entry);
    cachedBytes += entry.bytes.held;
    // Map keeps insertion order, and hits are re-inserted: the first key is the least recently used.
    for (const [oldest, value] of cache) {
      if (cachedBytes <= maxCachedBytes) break;
      cache.delete(oldest);
      cachedBytes -= value.bytes.held;
    }
  }

  function touch(path: string, hit: Entry): ServedFile {
    cache.delete(path);
    cache.set(path, hit);
    return hit.file;
  }

  async function load(relative: string): Promise<ServedFile | undefined> {
    const path = join(publicDir, relative);
    const known = cache.get(path);
    if (known && Date.now() - known.checkedAt < recheckMs) return touch(path, known);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const version = `${info.ino}:${info.size}:${info.mtimeMs}`;
    const hit = cache.get(path);
    if (hit && hit.version === version) {
      hit.checkedAt = Date.now();
      return touch(path, hit);
    }
    const body = await readFile(path);
    const type = contentType(path);
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    // Per encoding: the bytes served now, or the first compression while it is made.
    const variants = new Map<Encoding, Buffer | Promise<Buffer>>();
    const bytes = { held: body.length };
    const hold = (change: number) => {
      if (cache.get(path)?.file !== file) return;
      bytes.held += change;
      cachedBytes += change;
    };
    const file: ServedFile = {
      path,
      body,
      type,
      etag: `"${hash}"`,
      compressible: isCompressible(type) && body.length >= minCompressBytes,
      scriptHashes: type.startsWith('text/html') ? inlineScriptHashes(body.toString('utf8')) : [],
      async variant(encoding) {
        const known = variants.get(encoding);
        if (known) return known;
        // The first request gets a quick compression, shared by the requests that come meanwhile;
        // the best one replaces it when made. A page asked for the first time in a crowd (a server
        // just started) would otherwise wait for brotli's slowest quality on a busy processor.
        const quick = compress(body, encoding, 'quick');
        variants.set(encoding, quick);
        try {
          const served = await quick;
          variants.set(encoding, served);
          hold(served.length);
          compress(body, encoding, 'best').then(
            (best) => {
              if (variants.get(encoding) !== served || best.length >= served.length) return;
              variants.set(encoding, best);
              hold(best.length - served.length);
            },
            () => {}, // the quick bytes stay
          );
          return served;
        } catch (error) {
          variants.delete(encoding);
          throw error;
        }
      },
    };
    remember(path, { version, checkedAt: Date.now(), file, bytes });
    return file;
  }

  return withCleanUrls(load);
}

// Hidden files (.DS_Store, .git) are never part of the site, whatever the build left there.
const hidden = (pathname: string) => pathname.split('/').some((part) => part.startsWith('.') && part !== '.well-known');

/** A store over `load` with the URL rules of a site: `site serve`'s folder and `site dev`'s memory alike. */
export function withCleanUrls(load: FileStore['load']): FileStore {
  return {
    load,
    async lookup(pathname) {
      if (hidden(pathname)) return undefined;
      if (pathname === '/') return load('index.html');
      // Clean URLs: /kampen is kampen.html; a file with its own extension (robots.txt) is itself.
      return (await load(`${pathname}.html`)) ?? (pathname.endsWith('.html') ? undefined : load(pathname));
    },
  };
}
