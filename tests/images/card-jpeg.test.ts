import { join } from 'node:path';
import { expect, it } from 'vitest';
import { drawCard, type CardTemplate } from '../../cli/build/cards.ts';
import { cardImage } from '../../templates/lib/share-card.ts';
import { cardSite, withCardTemplate } from './card-site.ts';

let dir: string;
let template: CardTemplate;
withCardTemplate('card-jpeg', (made) => ({ dir, template } = made));

/** The JPEG's Huffman tables: its DHT segments (marker FF C4), as they are. */
function huffmanTables(jpeg: Buffer): Buffer[] {
  const tables: Buffer[] = [];
  // Segments follow the start marker until the scan begins (FF DA).
  for (let at = 2; at < jpeg.length && jpeg[at + 1] !== 0xda; at += 2 + jpeg.readUInt16BE(at + 2))
    if (jpeg[at + 1] === 0xc4) tables.push(jpeg.subarray(at, at + 2 + jpeg.readUInt16BE(at + 2)));
  return tables;
}

it('encodes every card with the standard Huffman tables, not tables fitted to the card (issue 21: 1-3 ms a card)', async () => {
  const context = { root: dir, images: new Map(), template, cacheDir: join(dir, 'cards') };
  const draw = (title: string) =>
    drawCard(
      cardImage({ locale: 'nl', title, label: 'Nieuws', site: cardSite }, `/nieuws/${title}`, template.version),
      context,
    );
  const [short, long] = await Promise.all([
    draw('Kort'),
    draw('Een veel langere titel over de clubkampioenschappen van dit jaar'),
  ]);
  expect(huffmanTables(short).length).toBeGreaterThan(0);
  expect(huffmanTables(long)).toEqual(huffmanTables(short));
});
