import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeCards, type CardTemplate } from '../../cli/build/cards.ts';
import { FolderWriter } from '../../cli/build/folder-writer.ts';
import { cardImage } from '../../templates/lib/share-card.ts';
import { cardSite, withCardTemplate } from './card-site.ts';

/**
 * The card cache's index (<cache>/cards/sizes.json): a card whose size and time match what the
 * last build found whole is linked on one stat, unopened; any other has its ends looked at again.
 */
let dir: string;
let template: CardTemplate;
withCardTemplate('card-sizes', (made) => ({ dir, template } = made));
const site = cardSite;
const card = (title: string) =>
  cardImage({ locale: 'nl', title, label: 'Nieuws', site }, `/nieuws/${title}`, template.version);
const WHOLE = Buffer.from([0xff, 0xd8, 1, 2, 3, 0xff, 0xd9]);

async function cacheWith(name: string, files: Record<string, Buffer>, index?: string) {
  const cacheDir = join(dir, name);
  await mkdir(cacheDir, { recursive: true });
  for (const [key, bytes] of Object.entries(files)) await writeFile(join(cacheDir, `${key}.jpg`), bytes);
  if (index !== undefined) await writeFile(join(cacheDir, 'sizes.json'), index);
  return cacheDir;
}
const seen = async (cacheDir: string, key: string) => {
  const { size, mtimeMs } = await stat(join(cacheDir, `${key}.jpg`));
  return [size, mtimeMs];
};
const build = (
  cacheDir: string,
  cards: ReturnType<typeof card>[],
  name: string,
  last?: { dir: string; cards: Set<string> },
) => {
  const output = new FolderWriter(join(dir, name));
  return {
    output,
    made: makeCards({ root: dir, images: new Map(), template, cacheDir, cards, output, ...(last ? { last } : {}) }),
  };
};

describe('the card cache index', () => {
  it('links a card it holds at its size and time unopened, looks at one whose size changed, keeps this run’s cards', async () => {
    const [held, resized] = [card('gehouden'), card('andere-maat')];
    // Ends no JPEG has: opened, this card would be drawn again; the index vouches for it.
    const unopened = Buffer.from([1, 2, 3, 4, 5, 6]);
    const cacheDir = await cacheWith('held', { [held.key]: unopened, [resized.key]: WHOLE });
    const index = {
      [held.key]: await seen(cacheDir, held.key),
      [resized.key]: [WHOLE.length + 1, (await seen(cacheDir, resized.key))[1]],
      gone: [10, 1],
    };
    await writeFile(join(cacheDir, 'sizes.json'), JSON.stringify(index));
    const { output, made } = build(cacheDir, [held, resized], 'build-held');
    expect(await made).toEqual({ made: 0, cached: 2 });
    expect(await readFile(join(output.dir, held.src))).toEqual(unopened);
    expect(await readFile(join(output.dir, resized.src))).toEqual(WHOLE);
    expect(output.bytes).toBe(unopened.length + WHOLE.length);
    expect(JSON.parse(await readFile(join(cacheDir, 'sizes.json'), 'utf8'))).toEqual({
      [held.key]: await seen(cacheDir, held.key),
      [resized.key]: await seen(cacheDir, resized.key),
    });
  });

  it('draws a card cut short after the index saw it whole, and remembers the drawn one', async () => {
    const cut = card('afgebroken');
    const cacheDir = await cacheWith('cut', { [cut.key]: WHOLE });
    await writeFile(join(cacheDir, 'sizes.json'), JSON.stringify({ [cut.key]: await seen(cacheDir, cut.key) }));
    await writeFile(join(cacheDir, `${cut.key}.jpg`), WHOLE.subarray(0, 5));
    const { output, made } = build(cacheDir, [cut], 'build-cut');
    expect(await made).toEqual({ made: 1, cached: 0 });
    const drawn = await readFile(join(output.dir, cut.src));
    expect(drawn.length).toBeGreaterThan(1000);
    expect(JSON.parse(await readFile(join(cacheDir, 'sizes.json'), 'utf8'))).toEqual({
      [cut.key]: await seen(cacheDir, cut.key),
    });
  });

  it.each([
    ['torn', '{"abc": [7, '],
    ['not an object', '[1, 2]'],
    ['entries of another shape', '{"KEY": "7"}'],
  ])('an index %s: every card’s ends are looked at', async (name, text) => {
    const whole = card(`heel-${name}`);
    const cacheDir = await cacheWith(`index-${name}`, { [whole.key]: WHOLE }, text.replace('KEY', whole.key));
    const { output, made } = build(cacheDir, [whole], `build-${name}`);
    expect(await made).toEqual({ made: 0, cached: 1 });
    expect(output.bytes).toBe(WHOLE.length);
    expect(JSON.parse(await readFile(join(cacheDir, 'sizes.json'), 'utf8'))).toEqual({
      [whole.key]: await seen(cacheDir, whole.key),
    });
  });

  it('links a card the build before holds from it, its cached file unlooked at; one it lacks from the cache', async () => {
    const [shown, added] = [card('getoond'), card('nieuw')];
    const cacheDir = await cacheWith('last', { [shown.key]: WHOLE, [added.key]: WHOLE });
    const before = build(cacheDir, [shown], 'build-before');
    expect(await before.made).toEqual({ made: 0, cached: 1 });
    // The cached file no longer whole: looked at, it would be drawn again; the build before holds it whole.
    await rm(join(cacheDir, `${shown.key}.jpg`));
    await writeFile(join(cacheDir, `${shown.key}.jpg`), WHOLE.subarray(0, 3));
    const last = { dir: before.output.dir, cards: new Set([shown.src]) };
    const { output, made } = build(cacheDir, [shown, added], 'build-after', last);
    expect(await made).toEqual({ made: 0, cached: 2 });
    expect((await stat(join(output.dir, shown.src))).ino).toBe((await stat(join(before.output.dir, shown.src))).ino);
    expect(await readFile(join(output.dir, added.src))).toEqual(WHOLE);
    expect(output.bytes).toBe(2 * WHOLE.length);
    // The build before gone meanwhile (a build beside this one removed it): the cache is looked at.
    await rm(before.output.dir, { recursive: true });
    const again = build(cacheDir, [shown], 'build-without-last', last);
    expect(await again.made).toEqual({ made: 1, cached: 0 });
    expect((await readFile(join(again.output.dir, shown.src))).length).toBeGreaterThan(1000);
  });
});
