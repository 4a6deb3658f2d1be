import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * How long a card no build uses is kept: a site dev beside the build draws cards for drafts, and a
 * branch switched to for the day has cards the other branch does not use.
 */
const UNUSED_CARD_MS = 24 * 60 * 60 * 1000;

/** Whether something of the cards' cache last written at `writtenMs` has been unused long enough to go. */
export const unusedLongEnough = (writtenMs: number, now: number): boolean => now - writtenMs > UNUSED_CARD_MS;

/**
 * Removes the cards in the cache (<key>.jpg) that this build does not use and that were drawn
 * more than a day ago (unusedLongEnough). A card is named by everything drawn on it, so every edited title
 * leaves its old card behind, and a new way of drawing (cards.ts, DRAWING) a whole set (~250 MB at
 * 4,000 articles); none is asked for again. A card wanted later is drawn again, and a build beside
 * this one that had found a card removed here draws it again (makeCards). Returns how many went.
 */
export async function pruneUnusedCards(cacheDir: string, used: ReadonlySet<string>, now = Date.now()): Promise<number> {
  const names = await readdir(cacheDir).catch(() => [] as string[]);
  const unused = names.filter((name) => name.endsWith('.jpg') && !used.has(name.slice(0, -'.jpg'.length)));
  const removed = await Promise.all(
    unused.map(async (name) => {
      const path = join(cacheDir, name);
      const drawn = await stat(path).catch(() => undefined);
      if (!drawn || !unusedLongEnough(drawn.mtimeMs, now)) return false;
      await rm(path, { force: true });
      return true;
    }),
  );
  return removed.filter(Boolean).length;
}
