import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentHash } from '../../content/content-hash.ts';
import type { ContentFiles } from '../../content/read.ts';
import { temporaryPath } from '../../images/cache.ts';
import { shardStamps } from '../markdown-cache.ts';
import { MARKDOWN_CACHE } from '../markdown-stage.ts';

/**
 * The first bytes of the file: what it is and this version of its form. The key follows (its
 * length in bytes, 32 bits little-endian, then the key as JSON, with the stamps of the Markdown
 * cache's shards), then the state (./stored-state.ts) as `v8.serialize` made it.
 */
const MAGIC = Buffer.from('site content state 2\n');
const LENGTH = 4;
const FILE = 'content-state.bin';

/**
 * What a stored state was made from: the context (../build-state.ts `inputDigests`: the tool, the
 * options, the build date, the config, the images, templates and project files) and each content
 * file's hash, in the order read.
 */
export interface StateKey {
  context: string;
  files: Array<[path: string, hash: string]>;
}

export const stateKey = (context: string, content: ContentFiles): StateKey => ({
  context,
  files: content.files.map((file) => [file.path, contentHash(file)]),
});

/** A key as stored: with the Markdown cache's shards as they were (../markdown-cache.ts `shardStamps`). */
type Header = StateKey & { markdown?: string };

/** The stored state and the content files changed since it was made (at most one). */
export interface StoredFile {
  payload: Buffer;
  changed: string[];
  /**
   * The stamps of the Markdown cache's shards when the state was stored, by the build that had
   * just saved them with the keys of the state's texts (../markdown-stage.ts).
   */
  markdown: string | undefined;
}

/** Kept whole or not at all: written to a file of its own, renamed into place. */
export async function writeStoredState(cacheDir: string, key: StateKey, payload: Buffer): Promise<void> {
  const header = Buffer.from(
    JSON.stringify({ ...key, markdown: shardStamps(join(cacheDir, MARKDOWN_CACHE)) } satisfies Header),
  );
  const length = Buffer.alloc(LENGTH);
  length.writeUInt32LE(header.length);
  const path = join(cacheDir, FILE);
  const temporary = temporaryPath(path);
  await mkdir(cacheDir, { recursive: true });
  await writeFile(temporary, [MAGIC, length, header, payload]);
  await rename(temporary, path);
}

/**
 * The state stored in `cacheDir` when it was made in the same context from the same files but
 * at most one, whose text changed; none when there is none, it is another version's or not whole
 * (what it holds is checked where it is read: ./stored-state.ts), or more changed. Its 8.8 MB (at
 * 4,000 sources) are read only when its key says it will be used.
 */
export function readStoredState(cacheDir: string, key: StateKey): StoredFile | undefined {
  let fd: number;
  try {
    fd = openSync(join(cacheDir, FILE), 'r');
  } catch {
    return undefined;
  }
  try {
    // Every length checked against the file's, so a mangled one never asks for more than is there.
    const size = fstatSync(fd).size;
    const head = readExactly(fd, 0, MAGIC.length + LENGTH, size);
    if (!head?.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
    const start = head.length;
    const header = readExactly(fd, start, head.readUInt32LE(MAGIC.length), size);
    if (!header) return undefined;
    let stored: Header;
    try {
      stored = JSON.parse(header.toString('utf8')) as Header;
    } catch {
      return undefined;
    }
    const changed = changedFiles(stored, key);
    if (!changed || changed.length > 1) return undefined;
    const payloadStart = start + header.length;
    const payload = readExactly(fd, payloadStart, size - payloadStart, size);
    const markdown = typeof stored.markdown === 'string' ? stored.markdown : undefined;
    return payload && { payload, changed, markdown };
  } finally {
    closeSync(fd);
  }
}

/** `length` bytes of the file (of `size` bytes) from `position`, or none when it ends before. */
function readExactly(fd: number, position: number, length: number, size: number): Buffer | undefined {
  if (length < 0 || position + length > size) return undefined;
  const bytes = Buffer.allocUnsafe(length);
  let read = 0;
  while (read < length) {
    const got = readSync(fd, bytes, read, length - read, position + read);
    if (got === 0) return undefined;
    read += got;
  }
  return bytes;
}

/** The files whose text differs, when the context and the list of files are the same. */
function changedFiles(stored: StateKey, key: StateKey): string[] | undefined {
  if (stored.context !== key.context || !Array.isArray(stored.files) || stored.files.length !== key.files.length)
    return undefined;
  const changed: string[] = [];
  for (const [index, [path, hash]] of key.files.entries()) {
    const [storedPath, storedHash] = stored.files[index] ?? [];
    if (storedPath !== path) return undefined;
    if (storedHash !== hash) changed.push(path);
  }
  return changed;
}
