import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import satori from 'satori';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFile, compileCardTemplate, drawCard, type CardTemplate } from '../../cli/build/cards.ts';
import { PHOTO_STAND_IN, photoBox } from '../../cli/build/card-photo.ts';
import { cardImage } from '../../templates/lib/share-card.ts';
import { CARD_HEIGHT, CARD_WIDTH } from '../../templates/cards/ShareCard.tsx';
import { repoRoot } from '../build/helpers.ts';

/**
 * A card's photo is laid in by sharp after resvg paints the rest (resvg painting it was two thirds
 * of a card's time): the card must look as it did when the photo was part of the layout, and a
 * layout where the photo is not a plain box keeps the photo in the layout.
 */
let dir: string;
let template: CardTemplate;
const focus = { x: 0.9, y: 0.5 };
const CLIP = '<clipPath id="c"><rect x="760" y="0" width="440" height="630"/></clipPath>';
const site = {
  name: 'Baseline Tennis',
  host: 'www.baselinetennis.nl',
  colors: { dark: '#0b2545', light: '#f4f1ea', accent: '#d4a72c', muted: '#a9b4c2' },
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'site-card-photo-'));
  template = await compileCardTemplate(repoRoot, join(dir, 'cache'));
  // Red left half, blue right half: the focal point on the right keeps the blue.
  const halves =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><rect width="800" height="1000" fill="#ff0000"/><rect x="800" width="800" height="1000" fill="#0000ff"/></svg>';
  await writeFile(join(dir, 'halves.png'), await sharp(Buffer.from(halves)).png().toBuffer());
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
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
