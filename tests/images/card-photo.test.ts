import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import sharp from 'sharp';
import satori from 'satori';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardFile, drawCard, makeCards, type CardTemplate } from '../../cli/build/cards.ts';
import { FolderWriter } from '../../cli/build/folder-writer.ts';
import { PHOTO_STAND_IN, photoBox, photoOrder, RecentPhotos } from '../../cli/build/card-photo.ts';
import { cardImage } from '../../templates/lib/share-card.ts';
import { CARD_HEIGHT, CARD_WIDTH } from '../../templates/cards/ShareCard.tsx';
import { cardSite, withCardTemplate } from './card-site.ts';

/**
 * A card's photo is laid in by sharp after resvg paints the rest (resvg painting it was two thirds
 * of a card's time): the card must look as it did when the photo was part of the layout, and a
 * layout where the photo is not a plain box keeps the photo in the layout.
 */
let dir: string;
let template: CardTemplate;
withCardTemplate('card-photo', (made) => ({ dir, template } = made));
const focus = { x: 0.9, y: 0.5 };
const CLIP = '<clipPath id="c"><rect x="760" y="0" width="440" height="630"/></clipPath>';
const site = cardSite;

beforeAll(async () => {
  // Red left half, blue right half: the focal point on the right keeps the blue.
  const halves =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><rect width="800" height="1000" fill="#ff0000"/><rect x="800" width="800" height="1000" fill="#0000ff"/></svg>';
  await writeFile(join(dir, 'halves.png'), await sharp(Buffer.from(halves)).png().toBuffer());
  // Half see-through: the card's background shows through it.
  const faded = halves.replace(/fill="(#[0-9a-f]+)"/g, 'fill="$1" fill-opacity="0.5"');
  await writeFile(join(dir, 'faded.png'), await sharp(Buffer.from(faded)).png().toBuffer());
});

const props = (photo: string) => ({
  locale: 'nl' as const,
  title: 'Voorjaarslessen starten op 31 maart',
  label: 'Nieuws',
  siteName: site.name,
  host: site.host,
  photo,
  colors: site.colors,
});
const layout = (photo: string) =>
  satori(template.render(props(photo)) as never, { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: template.fonts });

describe('social card photo', () => {
  it("finds the photo's box in the real template's layout", async () => {
    const placed = photoBox(await layout(PHOTO_STAND_IN), { width: CARD_WIDTH, height: CARD_HEIGHT });
    expect(placed).toMatchObject({ top: 0, box: { height: CARD_HEIGHT } });
    expect(placed!.left + placed!.box.width).toBe(CARD_WIDTH);
    expect(placed!.svg).not.toContain('<image');
  });

  it('draws the card as resvg drew it with the photo in the layout', async () => {
    const card = cardImage(
      { locale: 'nl', title: props('').title, label: 'Nieuws', photo: { name: 'halves', version: '1', focus }, site },
      '/nieuws/1-test',
      template.version,
    );
    const drawn = await cardFile(card, {
      root: dir,
      images: new Map([['halves', 'halves.png']]),
      template,
      cacheDir: join(dir, 'cards'),
    });
    expect(drawn.made).toBe(true);
    const context = { root: dir, images: new Map([['halves', 'halves.png']]), template, cacheDir: join(dir, 'cards') };
    const before = await sharp(await drawCard(card, context, { layIn: false }))
      .raw()
      .toBuffer();
    const now = await sharp(drawn.data).raw().toBuffer({ resolveWithObject: true });
    expect(now.info).toMatchObject({ width: CARD_WIDTH, height: CARD_HEIGHT });
    let difference = 0;
    for (let pixel = 0; pixel < CARD_WIDTH * CARD_HEIGHT; pixel++)
      for (let channel = 0; channel < 3; channel++)
        difference += Math.abs(
          now.data[pixel * now.info.channels + channel]! - before[pixel * now.info.channels + channel]!,
        );
    // JPEG at quality 82 on both sides of a hard edge: a few levels on average, no more.
    expect(difference / (CARD_WIDTH * CARD_HEIGHT * 3)).toBeLessThan(3);
    // The photo half is the focal point's blue.
    const photoHalf = await sharp(
      await sharp(drawn.data)
        .extract({ left: CARD_WIDTH - 300, top: 0, width: 300, height: CARD_HEIGHT })
        .toBuffer(),
    ).stats();
    expect(photoHalf.channels[2]!.mean).toBeGreaterThan(200);
    expect(photoHalf.channels[0]!.mean).toBeLessThan(40);
  });

  it('blends a see-through photo over the card (an opaque one has its rows copied in)', async () => {
    const card = cardImage(
      { locale: 'nl', title: props('').title, label: 'Nieuws', photo: { name: 'faded', version: '1', focus }, site },
      '/nieuws/2-test',
      template.version,
    );
    const context = { root: dir, images: new Map([['faded', 'faded.png']]), template, cacheDir: join(dir, 'cards') };
    const photoHalf = await sharp(
      await sharp(await drawCard(card, context))
        .extract({ left: CARD_WIDTH - 300, top: 0, width: 300, height: CARD_HEIGHT })
        .toBuffer(),
    ).stats();
    // Half of the photo's blue (255) over half of the card's dark blue (#0b2545: 69): 162.
    expect(photoHalf.channels[2]!.mean).toBeGreaterThan(150);
    expect(photoHalf.channels[2]!.mean).toBeLessThan(175);
    expect(photoHalf.channels[0]!.mean).toBeLessThan(20);
  });

  it.each([
    ['a rounded clip', '<clipPath id="c"><rect x="760" y="0" width="440" height="630" rx="20"/></clipPath>', ''],
    ['a clip beyond the card', '<clipPath id="c"><rect x="900" y="0" width="440" height="630"/></clipPath>', ''],
    ['no clip', '', ''],
    ['a transform', CLIP, 'transform="rotate(3)"'],
    ['see-through', CLIP, 'opacity="0.5"'],
    ['a second image', `${CLIP}<image href="x.png"/>`, ''],
  ])('leaves the photo in the layout with %s', (_, defs, attribute) => {
    const image = (clipped: boolean, extra: string) =>
      `<image x="760" y="0" width="440" height="630" href="${PHOTO_STAND_IN}"${clipped ? ' clip-path="url(#c)"' : ''} ${extra}/>`;
    const card = { width: CARD_WIDTH, height: CARD_HEIGHT };
    expect(photoBox(`<svg>${defs}${image(defs !== '', attribute)}</svg>`, card)).toBeUndefined();
    expect(photoBox(`<svg>${CLIP}${image(true, '')}</svg>`, card)).toMatchObject({ left: 760, box: { width: 440 } });
  });
});

describe('cards drawn photo by photo', () => {
  it('orders cards by their photo and focal point, and keeps the last few cropped photos only', () => {
    const card = (photo?: string, x?: number) =>
      cardImage(
        {
          locale: 'nl',
          title: `${photo} ${x}`,
          site,
          ...(photo ? { photo: { name: photo, version: '1', ...(x ? { focus: { x, y: 0.5 } } : {}) } } : {}),
        },
        `/nieuws/${photo}-${x}`,
        template.version,
      );
    const cards = [card('b'), card(), card('a', 0.7), card('b'), card('a', 0.2), card('a', 0.7)];
    const drawn = [...cards].sort(photoOrder).map(({ request }) => [request.photo?.name, request.photo?.focus?.x]);
    expect(drawn).toEqual([
      [undefined, undefined],
      ['a', 0.2],
      ['a', 0.7],
      ['a', 0.7],
      ['b', undefined],
      ['b', undefined],
    ]);
    const memo = new RecentPhotos(2);
    for (const key of ['a', 'b', 'c']) memo.set(key, Promise.resolve(key));
    expect([...memo.keys()]).toEqual(['b', 'c']);
  });
});

describe('cards in the cache', () => {
  it('a build links a whole cached card unread and undrawn, and draws one cut short again', async () => {
    const card = (title: string) =>
      cardImage({ locale: 'nl', title, label: 'Nieuws', site }, `/nieuws/${title}`, template.version);
    const [whole, cut] = [card('heel'), card('afgebroken')];
    const cacheDir = join(dir, 'cards-cached');
    await mkdir(cacheDir, { recursive: true });
    // Not a picture at all, but it starts and ends as a JPEG does: only its two ends are looked at.
    const wholeBytes = Buffer.from([0xff, 0xd8, 1, 2, 3, 0xff, 0xd9]);
    await writeFile(join(cacheDir, `${whole.key}.jpg`), wholeBytes);
    await writeFile(join(cacheDir, `${cut.key}.jpg`), Buffer.from([0xff, 0xd8, 1, 2, 3]));
    const output = new FolderWriter(join(dir, 'build-cards'));
    const totals = await makeCards({ root: dir, images: new Map(), template, cacheDir, cards: [whole, cut], output });
    expect(totals).toEqual({ made: 1, cached: 1 });
    expect(await readFile(join(output.dir, whole.src))).toEqual(wholeBytes);
    expect((await stat(join(output.dir, whole.src))).ino).toBe((await stat(join(cacheDir, `${whole.key}.jpg`))).ino);
    const redrawn = await readFile(join(output.dir, cut.src));
    expect(redrawn.length).toBeGreaterThan(1000);
    expect(output.bytes).toBe(wholeBytes.length + redrawn.length);
  });

  it('a card renamed over in the cache while it is linked (another build drawing it) is linked all the same', async () => {
    // link(2) fails with ENOENT when the file it found loses its last name before the link is
    // made: another build's atomic write renaming a fresh copy over the cache name does that
    // (two CI runs stopped on it). 2,000 pages share one card here while a second process keeps
    // renaming copies over it; a link of the old file then fails about once in 150 tries.
    const shared = (n: number) => ({
      ...cardImage({ locale: 'nl', title: 'gedeeld', label: 'Nieuws', site }, '/nieuws/gedeeld', template.version),
      src: `/cards/pagina-${n}.jpg`,
    });
    const cacheDir = join(dir, 'cards-renamed');
    await mkdir(cacheDir, { recursive: true });
    const cached = join(cacheDir, `${shared(0).key}.jpg`);
    const bytes = Buffer.from([0xff, 0xd8, 7, 0xff, 0xd9]);
    await writeFile(cached, bytes);
    const renamer = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('node:fs'); const [path, data] = [process.argv[1], Buffer.from(process.argv[2], 'hex')];
         for (let i = 0; ; i++) { fs.writeFileSync(path + '.' + i + '.tmp', data); fs.renameSync(path + '.' + i + '.tmp', path); if (i === 100) console.log('renaming'); }`,
        cached,
        bytes.toString('hex'),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise((renaming) => renamer.stdout.once('data', renaming));
    try {
      const output = new FolderWriter(join(dir, 'build-renamed'));
      const cards = Array.from({ length: 2000 }, (_, n) => shared(n));
      const totals = await makeCards({ root: dir, images: new Map(), template, cacheDir, cards, output });
      expect(totals).toEqual({ made: 0, cached: 2000 });
      expect(output.files).toBe(2000);
    } finally {
      renamer.kill();
    }
  });
});
