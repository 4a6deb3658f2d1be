import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';

export const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

interface Seen {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  hash: string;
}

// Within one long-lived process (`site dev` re-running the stage after an image edit), a file whose
// size, times and inode are unchanged since this process last hashed it is not read again. A new
// process (every `site build`) starts empty and reads and hashes everything.
const seen = new Map<string, Seen>();

const sameFile = (a: Omit<Seen, 'hash'>, b: Omit<Seen, 'hash'>) =>
  a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;

/** The sha256 of a file, and its bytes when they had to be read for it. */
export async function fingerprint(path: string): Promise<{ hash: string; data?: Buffer }> {
  const before = await stat(path);
  const known = seen.get(path);
  if (known && sameFile(known, before)) return { hash: known.hash };
  const data = await readFile(path);
  const hash = sha256(data);
  seen.set(path, { size: before.size, mtimeMs: before.mtimeMs, ctimeMs: before.ctimeMs, ino: before.ino, hash });
  return { hash, data };
}

/** Remember a file this process just wrote or checked, by the hash its bytes have. */
export async function rememberFile(path: string, hash: string): Promise<void> {
  const now = await stat(path);
  seen.set(path, { size: now.size, mtimeMs: now.mtimeMs, ctimeMs: now.ctimeMs, ino: now.ino, hash });
}

/** True when this process already hashed this exact file (unchanged since) to `hash`. */
export async function knownAs(path: string, hash: string): Promise<boolean> {
  const known = seen.get(path);
  if (!known || known.hash !== hash) return false;
  try {
    return sameFile(known, await stat(path));
  } catch {
    return false;
  }
}
