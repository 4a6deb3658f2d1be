import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { settled } from '../build/file-settled.ts';

export const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

interface Seen {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  hash: string;
  /**
   * A made file of the images' cache (rememberFile). The tool never changes one in place (a new
   * file is renamed over it: a new inode), and every build hard-links it into its folder and prunes
   * an older folder, which sets its change time: its print leaves the change time out.
   */
  cached?: true;
}

// A file whose size, times and inode are unchanged since it was last hashed is not read again:
// within one long-lived process (`site dev` re-running the stage after an image edit), and, through
// the prints file (recallPrints, keepPrints), from one `site build` to the next.
const seen = new Map<string, Seen>();
/** Files this process hashed or checked: the prints kept for the next one (not those of images since removed). */
const used = new Set<string>();

const sameFile = (known: Seen, now: Omit<Seen, 'hash'>) =>
  known.size === now.size &&
  known.mtimeMs === now.mtimeMs &&
  (known.cached || known.ctimeMs === now.ctimeMs) &&
  known.ino === now.ino;

/** The sha256 of a file, and its bytes when they had to be read for it. */
export async function fingerprint(path: string): Promise<{ hash: string; data?: Buffer }> {
  const before = await stat(path);
  const known = seen.get(path);
  used.add(path);
  if (known && sameFile(known, before)) return { hash: known.hash };
  const data = await readFile(path);
  const hash = sha256(data);
  remember(path, { size: before.size, mtimeMs: before.mtimeMs, ctimeMs: before.ctimeMs, ino: before.ino, hash });
  return { hash, data };
}

/** Remember a made file of the images' cache this process just wrote or checked, by the hash its bytes have. */
export async function rememberFile(path: string, hash: string): Promise<void> {
  const now = await stat(path);
  remember(path, { size: now.size, mtimeMs: now.mtimeMs, ctimeMs: now.ctimeMs, ino: now.ino, hash, cached: true });
}

function remember(path: string, print: Seen): void {
  seen.set(path, print);
  used.add(path);
}

/** A made file's print leaves its change time out (Seen.cached says why), so it is settled by its write alone. */
const printSettled = (print: Seen, now: number) =>
  settled(print.cached ? print.mtimeMs : Math.max(print.mtimeMs, print.ctimeMs), now);

const isSeen = (value: unknown): value is Seen => {
  const print = value as Seen;
  return (
    typeof print?.hash === 'string' &&
    (print.cached === undefined || print.cached === true) &&
    [print.size, print.mtimeMs, print.ctimeMs, print.ino].every((part) => typeof part === 'number')
  );
};

/** Takes in the prints an earlier process kept (ImageCache.recallPrints), except for files this one hashed itself. */
export function recallPrints(text: string): void {
  const stored = JSON.parse(text) as unknown;
  if (!stored || typeof stored !== 'object') return;
  for (const [path, print] of Object.entries(stored)) if (isSeen(print) && !seen.has(path)) seen.set(path, print);
}

/** The settled prints of the files this process used, as JSON for the next one. */
export function printsToKeep(): string {
  const now = Date.now();
  return JSON.stringify(
    Object.fromEntries(
      [...used].sort().flatMap((path) => {
        const print = seen.get(path)!;
        return printSettled(print, now) ? [[path, print]] : [];
      }),
    ),
  );
}

/** True when this file was hashed to `hash` (by this process, or an earlier one: recallPrints) and is unchanged since. */
export async function knownAs(path: string, hash: string): Promise<boolean> {
  const known = seen.get(path);
  if (!known || known.hash !== hash) return false;
  try {
    const same = sameFile(known, await stat(path));
    if (same) used.add(path);
    return same;
  } catch {
    return false;
  }
}
