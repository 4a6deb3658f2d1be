import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawCard, makeCards, type CardTemplate } from '../../cli/build/cards.ts';
import { RowPool } from '../../cli/build/card-rows.ts';
import { FolderWriter } from '../../cli/build/folder-writer.ts';
import { cardImage } from '../../templates/lib/share-card.ts';
import { cardSite, withCardTemplate } from './card-site.ts';

/**
 * The cards being drawn take their rows from a pool and hand them back once their JPEG is made:
 * a buffer is never drawn in by two cards at once, and what is handed out holds the frame.
 */
describe('RowPool', () => {
  it('hands out a copy, and a buffer given back to the next card of that size', () => {
    const pool = new RowPool();
    const frame = Buffer.from([1, 2, 3, 4, 5, 6]);
    const first = pool.copyOf(frame);
    expect(first).toEqual(frame);
    expect(first.buffer).not.toBe(frame.buffer);
    first.fill(9);
    const second = pool.copyOf(frame);
    expect(second.buffer).not.toBe(first.buffer);
    pool.giveBack(first);
    expect(pool.copyOf(Buffer.from([7, 7, 7])).buffer).not.toBe(first.buffer);
    const third = pool.copyOf(frame);
    expect(third.buffer).toBe(first.buffer);
    expect(third).toEqual(frame);
    expect(pool.copyOf(frame).buffer).not.toBe(first.buffer);
  });
});

describe('cards drawn by makeCards', () => {
  let dir: string;
  let template: CardTemplate;
  withCardTemplate('card-rows', (made) => ({ dir, template } = made));

  it('with rows used again are each the card drawn alone', async () => {
    // Titles of different lengths, so the cards drawn at once finish out of order.
    const titles = Array.from({ length: 12 }, (_, n) =>
      `Kaart ${n} ${'met een langere titel die doorloopt '.repeat(n % 4)}`.trim(),
    );
    const cards = titles.map((title, n) => ({
      ...cardImage({ locale: 'nl', title, label: 'Nieuws', site: cardSite }, `/nieuws/${n}`, template.version),
      src: `/cards/${n}.jpg`,
    }));
    const context = { root: dir, images: new Map<string, string>(), template, cacheDir: join(dir, 'cards') };
    const output = new FolderWriter(join(dir, 'out'));
    expect(await makeCards({ ...context, cards, output })).toEqual({ made: 12, cached: 0 });
    for (const card of cards)
      expect(await readFile(join(output.dir, card.src))).toEqual(
        await drawCard(card, { ...context, cacheDir: join(dir, 'alone') }),
      );
  });

  it('once for the pages that show the same card', async () => {
    const request = { locale: 'nl' as const, title: 'Gedeelde kaart', label: 'Nieuws', site: cardSite };
    const cards = [0, 1, 2].map((n) => ({
      ...cardImage(request, '/nieuws/gedeeld', template.version),
      src: `/cards/gedeeld-${n}.jpg`,
    }));
    const output = new FolderWriter(join(dir, 'shared-out'));
    const context = { root: dir, images: new Map<string, string>(), template, cacheDir: join(dir, 'shared') };
    expect(await makeCards({ ...context, cards, output })).toEqual({ made: 1, cached: 2 });
    const [first, ...others] = await Promise.all(cards.map((card) => readFile(join(output.dir, card.src))));
    for (const other of others) expect(other).toEqual(first);
  });
});
