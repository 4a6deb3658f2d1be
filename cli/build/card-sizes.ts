import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomic } from '../images/cache.ts';

/** A card file as last found whole: its size and modification time. */
type Seen = [size: number, mtimeMs: number];

/** A JPEG starts with FF D8 and ends with FF D9: a cache file cut short is drawn again. */
export const jpegEnds = (head: Uint8Array, tail: Uint8Array) =>
  head[0] === 0xff && head[1] === 0xd8 && tail[0] === 0xff && tail[1] === 0xd9;

/** The size of a whole card, from its first and last two bytes (none when missing or cut short). */
function wholeCardSize(path: string): { size: number; mtimeMs: number } | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const { size, mtimeMs } = fstatSync(fd);
    if (size <= 4) return undefined;
    const [head, tail] = [Buffer.alloc(2), Buffer.alloc(2)];
    readSync(fd, head, 0, 2, 0);
    readSync(fd, tail, 0, 2, size - 2);
    return jpegEnds(head, tail) ? { size, mtimeMs } : undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * The sizes of the whole cards in the cache (<cacheDir>/sizes.json), by key: a build links
 * thousands of cards it does not need to read. A card whose size and time still match what the
 * last build found whole costs one stat; any other is opened and its two ends looked at (five
 * calls each: 4,000 of them were ~50 ms of a one-edit build, issue 21). Keeps the cards of this
 * run only; a torn or foreign file is an empty index.
 */
export class CardSizes {
  private readonly next: Record<string, Seen> = {};
  private changed = false;

  private constructor(
    private readonly file: string,
    private readonly seen: Record<string, Seen>,
  ) {}

  static async load(cacheDir: string): Promise<CardSizes> {
    const file = join(cacheDir, 'sizes.json');
    const text = await readFile(file, 'utf8').catch(() => undefined);
    let seen: Record<string, Seen> = {};
    try {
      const parsed: unknown = text ? JSON.parse(text) : undefined;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) seen = parsed as Record<string, Seen>;
    } catch {
      // Torn: every card's ends are looked at again.
    }
    return new CardSizes(file, seen);
  }

  /** The bytes of the whole card `key` at `path`, or undefined when it must be drawn. */
  size(key: string, path: string): number | undefined {
    const seen = this.seen[key];
    if (Array.isArray(seen)) {
      const stats = statSync(path, { throwIfNoEntry: false });
      if (stats && stats.size === seen[0] && stats.mtimeMs === seen[1]) {
        this.next[key] = seen;
        return seen[0];
      }
    }
    return this.found(key, path);
  }

  /**
   * The bytes of the card `key` as last found whole, unlooked at: for a card linked from the
   * build before, which holds it whole whatever became of the cached file since.
   */
  known(key: string): number | undefined {
    const seen = this.seen[key];
    if (!Array.isArray(seen)) return undefined;
    this.next[key] = seen;
    return seen[0];
  }

  /** Looked at whole (its ends), and remembered so: also for a card just drawn. */
  found(key: string, path: string): number | undefined {
    const whole = wholeCardSize(path);
    if (whole) {
      this.next[key] = [whole.size, whole.mtimeMs];
      this.changed = true;
    }
    return whole?.size;
  }

  async save(): Promise<void> {
    if (!this.changed && Object.keys(this.seen).length === Object.keys(this.next).length) return;
    await mkdir(join(this.file, '..'), { recursive: true });
    await writeAtomic(this.file, JSON.stringify(this.next));
  }
}
