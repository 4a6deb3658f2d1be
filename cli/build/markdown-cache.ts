import { closeSync, fstatSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomicSync } from '../images/cache.ts';
import { type SharedText, sharedBytes } from './shared-bodies.ts';

/**
 * The first bytes of a shard: what it is and this version of its form. Its entries follow, each
 * a key (KEY characters of base64url), the length of its HTML in bytes (32 bits, little-endian),
 * the HTML's encoding (a byte: its index in ENCODINGS) and the HTML, up to the file's end.
 */
const MAGIC = Buffer.from('site Markdown cache 2\n');
/** A key: the SHA-1 of the pipeline and the text, as base64url. */
export const KEY = 27;
const LENGTH = 4;
/**
 * UTF-8 for HTML saved from a string; the HTML of a body in shared memory is copied as it lies
 * there, Latin-1 or UTF-16 (./shared-bodies.ts): writing 22 MB of bodies as UTF-8 took the main
 * thread ~15 ms longer at 4,000 sources.
 */
const ENCODINGS = ['utf8', 'latin1', 'utf16le'] as const;
const HEAD = KEY + LENGTH + 1;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** A shard per first character of a key (numbered: file systems that ignore case would merge `a` and `A`). */
export const SHARDS = BASE64URL.length;
const shardOf = (key: string) => BASE64URL.indexOf(key[0]!);
const shardFile = (dir: string, shard: number) => join(dir, `${shard}.bin`);

/** The keys of each shard. */
function byShard(keys: Iterable<string>): Set<string>[] {
  const shards = Array.from({ length: SHARDS }, () => new Set<string>());
  for (const key of keys) shards[shardOf(key)]?.add(key);
  return shards;
}

/**
 * A shard's file into `buffer` (grown when too small), or into a buffer of its own when there is
 * none: its bytes, or none when it cannot be read.
 */
function readShard(path: string, buffer?: { bytes: Buffer }): Buffer {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return Buffer.alloc(0);
  }
  try {
    const { size } = fstatSync(fd);
    const bytes = buffer && buffer.bytes.length >= size ? buffer.bytes : Buffer.allocUnsafe(size);
    if (buffer) buffer.bytes = bytes;
    let read = 0;
    for (let got = 1; read < size && got > 0; read += got) got = readSync(fd, bytes, read, size - read, read);
    return bytes.subarray(0, read);
  } catch {
    return Buffer.alloc(0);
  } finally {
    closeSync(fd);
  }
}

/** An entry's HTML where it lies in its shard's bytes, decoded when first asked for. */
interface Span {
  bytes: Buffer;
  start: number;
  end: number;
  encoding: (typeof ENCODINGS)[number];
}

const decode = (span: Span): string => span.bytes.toString(span.encoding, span.start, span.end);

/**
 * Each entry of a shard's bytes, in order, to `take` (its key, where its HTML lies); false when
 * they are not one whole shard (cut short, another form, another file), some entries given by then.
 */
function eachEntry(bytes: Buffer, take: (key: string, span: Span) => void): boolean {
  if (!bytes.subarray(0, MAGIC.length).equals(MAGIC)) return false;
  for (let at = MAGIC.length; at < bytes.length; ) {
    const start = at + HEAD;
    const end = start + (start <= bytes.length ? bytes.readUInt32LE(at + KEY) : 0);
    const encoding = ENCODINGS[bytes[at + KEY + LENGTH]!];
    if (start > bytes.length || end > bytes.length || !encoding) return false;
    take(bytes.toString('latin1', at, at + KEY), { bytes, start, end, encoding });
    at = end;
  }
  return true;
}

/**
 * The HTML of the `wanted` keys a shard holds, into `found` (decoded, or where it lies when
 * `lazy`); whether the shard holds exactly those keys. A shard that is not one whole holds none.
 */
function takeShard(
  bytes: Buffer,
  wanted: ReadonlySet<string>,
  found: Map<string, string | Span>,
  lazy: boolean,
): boolean {
  if (bytes.length === 0) return wanted.size === 0;
  const taken = new Map<string, string | Span>();
  let entries = 0;
  const whole = eachEntry(bytes, (key, span) => {
    entries++;
    if (wanted.has(key)) taken.set(key, lazy ? span : decode(span));
  });
  if (!whole) return false;
  for (const [key, html] of taken) found.set(key, html);
  return entries === wanted.size && taken.size === wanted.size;
}

/**
 * The shards' files as they are (inode, size and time of each, or their absence), to know later
 * that none was written since: a shard is written to a file of its own renamed into place, a new
 * inode (./incremental/stored-state-file.ts keeps them with the content state).
 */
export function shardStamps(dir: string): string {
  return Array.from({ length: SHARDS }, (_, shard) => {
    const info = statSync(shardFile(dir, shard), { bigint: true, throwIfNoEntry: false });
    return info ? `${info.ino}.${info.size}.${info.mtimeNs}` : '-';
  }).join(' ');
}

/**
 * The HTML the cache in `dir` holds for a key, its shard read when one of its keys is first asked
 * for (none of a shard that is not whole). For shards whose stamps vouch that they hold the keys
 * asked for (./incremental/stored-start.ts): a build after one edit asks for a few texts of 8,000,
 * where reading every shard to find each key was 12 MB and ~40 ms of it at 4,000 sources.
 */
export function shardReader(dir: string): (key: string) => string | undefined {
  const shards = new Map<number, Map<string, Span>>();
  return (key) => {
    const shard = shardOf(key);
    let entries = shards.get(shard);
    if (!entries) {
      const bytes = readShard(shardFile(dir, shard));
      const read = new Map<string, Span>();
      entries = eachEntry(bytes, (entry, span) => read.set(entry, span)) ? read : new Map();
      shards.set(shard, entries);
    }
    const span = entries.get(key);
    return span && decode(span);
  };
}

/**
 * The build's Markdown as HTML, kept in <root>/.site/cache/markdown/ in SHARDS files by key (a
 * hash of the text): a build reads the shards one after another into one buffer and decodes the
 * HTML of its own keys only (the cache as one JSON object was 50 ms of parsing in every build at
 * 4,000 sources, and 12 MB of text to collect), and writes again only the shards whose keys
 * changed (an edited body: two of them, where the whole 12 MB object was written again; issue 21).
 * Each entry stands for its key alone: a shard that does not read whole is empty, and its texts
 * are rendered again.
 */
export class MarkdownCache {
  private constructor(
    private readonly dir: string,
    /** Per shard: the keys of this build, and whether its file holds exactly them. */
    private readonly shards: ReadonlyArray<{ keys: ReadonlySet<string>; exact: boolean }>,
    private readonly found: Map<string, string | Span>,
  ) {}

  /**
   * What the cache in `dir` holds of these keys (the texts of this build). `lazy`: each HTML
   * decoded when first asked for, its shard's bytes kept meanwhile (a build from the stored
   * content state asks for a few of its 8,000 texts: decoding all was 30-40 ms of it at 4,000
   * sources); else decoded at once, the shards read one after another into one buffer.
   */
  static read(dir: string, keys: Iterable<string>, lazy = false): MarkdownCache {
    const found = new Map<string, string | Span>();
    const buffer = lazy ? undefined : { bytes: Buffer.allocUnsafe(0) };
    const shards = byShard(keys).map((wanted, shard) => ({
      keys: wanted,
      exact: takeShard(readShard(shardFile(dir, shard), buffer), wanted, found, lazy),
    }));
    return new MarkdownCache(dir, shards, found);
  }

  /** Whether the cache holds HTML for this key (without decoding it). */
  has(key: string): boolean {
    return this.found.has(key);
  }

  /** The HTML kept for this key, if any. */
  html(key: string): string | undefined {
    const html = this.found.get(key);
    if (html === undefined || typeof html === 'string') return html;
    const decoded = decode(html);
    this.found.set(key, decoded);
    return decoded;
  }

  /**
   * Keeps exactly the keys read for (the texts of this build): `made` the HTML of those the cache
   * did not have (in shared memory for the bodies a first build's workers rendered). A shard that
   * holds exactly them is left as it is; the others are made one after another in one buffer and
   * each written to a file of its own renamed into place. Synchronous: 64 shards written through
   * promises queued behind the image stage's work in the thread pool (0.2-0.7 s of a build with
   * all texts new), and a buffer per shard was 12 MB more at the peak.
   */
  save(made: ReadonlyMap<string, string | SharedText>): void {
    let buffer: Buffer | undefined;
    for (const [shard, { keys, exact }] of this.shards.entries()) {
      if (exact) continue;
      if (!buffer) mkdirSync(this.dir, { recursive: true });
      buffer ??= Buffer.allocUnsafe(1 << 20);
      let end = MAGIC.copy(buffer);
      for (const key of keys) {
        const html = this.html(key) ?? made.get(key)!;
        const bytes = typeof html === 'string' ? undefined : sharedBytes(html);
        // At most three bytes of UTF-8 per UTF-16 unit.
        const most = end + HEAD + (bytes ? bytes.length : (html as string).length * 3);
        if (most > buffer.length) {
          const larger = Buffer.allocUnsafe(Math.max(most, buffer.length * 2));
          buffer.copy(larger, 0, 0, end);
          buffer = larger;
        }
        end += buffer.write(key, end, 'latin1');
        const length = bytes
          ? bytes.copy(buffer, end + HEAD - KEY)
          : buffer.write(html as string, end + HEAD - KEY, 'utf8');
        buffer.writeUInt32LE(length, end);
        buffer[end + LENGTH] = typeof html === 'string' ? 0 : html.wide ? 2 : 1;
        end += HEAD - KEY + length;
      }
      writeAtomicSync(shardFile(this.dir, shard), buffer.subarray(0, end));
    }
  }
}
