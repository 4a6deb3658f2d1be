import { rmSync, statSync, type Stats } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * How long a card no build uses is kept: a site dev beside the build draws cards for drafts, and a
 * branch switched to for the day has cards the other branch does not use.
 */
const UNUSED_CARD_MS = 24 * 60 * 60 * 1000;

/** Whether something of the cards' cache last written at `writtenMs` has been unused long enough to go. */
export const unusedLongEnough = (writtenMs: number, now: number): boolean => now - writtenMs > UNUSED_CARD_MS;

/** A cached card's stat, or undefined when it cannot be had (gone: another build removed it). */
function drawnAt(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Removes the cards in the cache (<key>.jpg) that this build does not use and that were drawn
 * more than a day ago (unusedLongEnough). A card is named by everything drawn on it, so every edited title
 * leaves its old card behind, and a new way of drawing (cards.ts, DRAWING) a whole set (~250 MB at
 * 4,000 articles); none is asked for again. A card wanted later is drawn again, and a build beside
 * this one that had found a card removed here draws it again (makeCards). Returns how many went.
 */
export async function pruneUnusedCards(cacheDir: string, used: ReadonlySet<string>, now = Date.now()): Promise<number> {
  const names = await readdir(cacheDir).catch(() => [] as string[]);
  let removed = 0;
  // A synchronous stat each: for a day after a new way of drawing, thousands of cards are unused,
  // and a promised stat each (a round trip through the thread pool, a promise) took 80-90 ms at
  // the end of every title edit at 4,000 articles (3,800 unused cards), statSync ~27 ms (issue 21).
  for (const name of names) {
    if (!name.endsWith('.jpg') || used.has(name.slice(0, -'.jpg'.length))) continue;
    const path = join(cacheDir, name);
    const drawn = drawnAt(path);
    if (!drawn || !unusedLongEnough(drawn.mtimeMs, now)) continue;
    rmSync(path, { force: true });
    removed++;
  }
  return removed;
}
