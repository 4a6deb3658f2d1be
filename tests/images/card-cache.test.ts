import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneUnusedCards } from '../../cli/build/card-cache.ts';
import { makeCards, type CardTemplate } from '../../cli/build/cards.ts';
import { FolderWriter } from '../../cli/build/folder-writer.ts';
import { cardImage } from '../../templates/lib/share-card.ts';
import { cardSite, withCardTemplate } from './card-site.ts';

/**
 * The cards no build uses leave the cache (./cli/build/card-cache.ts), and a build whose found card
 * is removed meanwhile by a build beside it draws that card again (makeCards).
 */
let dir: string;
let template: CardTemplate;
withCardTemplate('card-cache', (made) => ({ dir, template } = made));
const WHOLE = Buffer.from([0xff, 0xd8, 1, 2, 3, 0xff, 0xd9]);
const NOW = Date.parse('2026-11-27T12:00:00Z');
const HOUR = 60 * 60 * 1000;
const card = (title: string) =>
  cardImage({ locale: 'nl', title, label: 'Nieuws', site: cardSite }, `/nieuws/${title}`, template.version);

/** A cache folder with `files` (name -> hours since it was drawn). */
async function cacheWith(name: string, files: Record<string, number>): Promise<string> {
  const cacheDir = join(dir, name);
  await mkdir(cacheDir, { recursive: true });
  for (const [file, hours] of Object.entries(files)) {
    await writeFile(join(cacheDir, file), WHOLE);
    const time = new Date(NOW - hours * HOUR);
    await utimes(join(cacheDir, file), time, time);
  }
  return cacheDir;
}

describe('pruneUnusedCards', () => {
  it.each([
    { case: 'used, drawn long ago', file: 'used.jpg', hours: 24 * 30, stays: true },
    { case: 'unused, drawn two days ago', file: 'old.jpg', hours: 48, stays: false },
    { case: 'unused, drawn an hour ago (a site dev beside, a draft)', file: 'new.jpg', hours: 1, stays: true },
    { case: 'unused, drawn just under a day ago', file: 'day.jpg', hours: 23.9, stays: true },
    { case: 'the index', file: 'sizes.json', hours: 48, stays: true },
    { case: 'a half-written card of a build beside', file: 'old.jpg.42.abcd.tmp', hours: 48, stays: true },
  ])('$case: kept $stays', async ({ file, hours, stays }) => {
    const cacheDir = await cacheWith(`prune-${file}`, { [file]: hours });
    const removed = await pruneUnusedCards(cacheDir, new Set(['used']), NOW);
    expect(removed).toBe(stays ? 0 : 1);
    expect(await readdir(cacheDir)).toEqual(stays ? [file] : []);
  });

  it('a cache that is not there yet: nothing to do', async () => {
    expect(await pruneUnusedCards(join(dir, 'none'), new Set(), NOW)).toBe(0);
  });
});

/** A writer that loses a card's cache file right before it links the found ones: a build beside pruned it. */
class PrunedBeside extends FolderWriter {
  private pruned = false;
  constructor(
    folder: string,
    private readonly lost: string,
  ) {
    super(folder);
  }
  override async publish(files: ReadonlyArray<{ source: string; path: string; bytes: number }>): Promise<void> {
    if (!this.pruned && files.some(({ source }) => source === this.lost)) {
      this.pruned = true;
      await rm(this.lost);
    }
    return super.publish(files);
  }
}

describe('makeCards', () => {
  it('draws a found card again when a build beside removed it before the link', async () => {
    const [lost, kept] = [card('weggehaald'), card('gebleven')];
    const cacheDir = await cacheWith('raced', { [`${lost.key}.jpg`]: 48, [`${kept.key}.jpg`]: 48 });
    const lostFile = join(cacheDir, `${lost.key}.jpg`);
    const output = new PrunedBeside(join(dir, 'build-raced'), lostFile);
    const totals = await makeCards({ root: dir, images: new Map(), template, cacheDir, cards: [lost, kept], output });
    expect(totals).toEqual({ made: 1, cached: 1 });
    const drawn = await readFile(join(output.dir, lost.src));
    expect(drawn.length).toBeGreaterThan(1000);
    expect(await readFile(join(output.dir, kept.src))).toEqual(WHOLE);
    expect((await stat(lostFile)).size).toBe(drawn.length);
    expect(output.files).toBe(2);
  });
});
