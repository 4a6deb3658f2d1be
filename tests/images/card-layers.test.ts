import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawCard, type CardContext, type CardTemplate } from '../../cli/build/cards.ts';
import { frameOf } from '../../cli/build/card-layers.ts';
import { cardImage, type CardRequest } from '../../templates/lib/share-card.ts';
import type { ShareCardProps } from '../../templates/cards/ShareCard.tsx';
import { repoRoot } from '../build/helpers.ts';
import { cardSite, withCardTemplate } from './card-site.ts';

/**
 * A card is drawn in layers: the site's frame once a run, the page's text alone over a copy of it,
 * then the photo. It must look as the whole card drawn by the template at once.
 */
let dir: string;
let template: CardTemplate;
withCardTemplate('card-layers', (made) => ({ dir, template } = made));
const site = cardSite;
const size = { width: 1200, height: 630 };

beforeAll(async () => {
  // A photo with detail to its edges: a gradient and a ring.
  const photo =
    '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1000"><defs><linearGradient id="g"><stop offset="0" stop-color="#c05020"/><stop offset="1" stop-color="#30a060"/></linearGradient></defs>' +
    '<rect width="900" height="1000" fill="url(#g)"/><circle cx="450" cy="500" r="300" fill="none" stroke="#f0e040" stroke-width="40"/></svg>';
  await writeFile(join(dir, 'photo.png'), await sharp(Buffer.from(photo)).png().toBuffer());
});

const context = (drawWith: CardTemplate): CardContext => ({
  root: dir,
  images: new Map([['photo', 'photo.png']]),
  template: drawWith,
  cacheDir: join(dir, 'cards'),
});
const card = (request: Omit<CardRequest, 'site'>) => cardImage({ ...request, site }, '/nieuws/test', template.version);

/** Largest and mean difference per channel of two JPEGs' pixels. */
async function difference(a: Buffer, b: Buffer) {
  const [x, y] = (await Promise.all([a, b].map((jpeg) => sharp(jpeg).raw().toBuffer()))) as [Buffer, Buffer];
  let [sum, largest] = [0, 0];
  for (let i = 0; i < x.length; i++) {
    const d = Math.abs(x[i]! - y[i]!);
    sum += d;
    largest = Math.max(largest, d);
  }
  return { mean: sum / x.length, largest };
}

describe('a card drawn in layers', () => {
  it.each([
    ['a short Dutch title with a photo', { locale: 'nl', title: 'Voorjaarslessen', label: 'Nieuws', photo: true }],
    [
      'a long title that wraps to the clamp, with a photo',
      {
        locale: 'nl',
        title:
          'Jeugdteam van LTC De Kei wint na een lange en spannende finale tegen Bunnik de regionale titel in de hoofdklasse van het voorjaar',
        label: 'Nieuws',
        detail: '3 maart 2026',
        photo: true,
      },
    ],
    [
      'an English title that wraps, no photo',
      {
        locale: 'en',
        title: 'Juniors take the regional title after a long final against Bunnik',
        detail: '3 March 2026',
      },
    ],
    [
      "a line that starts with a j (its hook reaches left of the text's box)",
      { locale: 'en', title: 'Members the Sunday first the juniors opens', label: 'News', detail: '11 October 2025' },
    ],
  ] as const)('looks as the whole card: %s', async (_, shown) => {
    const { photo, ...text } = shown as typeof shown & { photo?: true };
    const drawn = card({ ...text, ...(photo ? { photo: { name: 'photo', version: '1' } } : {}) });
    const [layered, whole] = await Promise.all([
      drawCard(drawn, context(template)),
      // The same template without its text box: drawn whole, the photo laid in as before.
      drawCard(drawn, context({ ...template, textBox: undefined })),
    ]);
    // JPEG at quality 82 around anti-aliased glyph edges: a few pixels some levels off, no more.
    // (A glyph cut at the text box's edge was 232 levels off; a title wrapped elsewhere, 14 on average.)
    const { mean, largest } = await difference(layered, whole);
    expect(mean).toBeLessThan(0.05);
    expect(largest).toBeLessThan(48);
  });

  it('draws the frame once for all cards of a site and language, with or without a photo', () => {
    const props = (title: string, more: Partial<ShareCardProps> = {}): ShareCardProps => ({
      locale: 'nl',
      title,
      siteName: site.name,
      host: site.host,
      colors: site.colors,
      ...more,
    });
    const frame = frameOf(template, props('Een', { label: 'Nieuws' }), size);
    expect(frameOf(template, props('Twee', { detail: '3 maart' }), size)).toBe(frame);
    expect(frameOf(template, props('Een', { locale: 'en' }), size)).not.toBe(frame);
    expect(frameOf(template, props('Een', { photo: 'data:,' }), size)).not.toBe(frame);
    expect(frameOf(template, props('Een', { colors: { ...site.colors, dark: '#000000' } }), size)).not.toBe(frame);
  });

  it('is the same bytes with its frame drawn afresh (a warm build draws one card alone)', async () => {
    const drawn = card({ locale: 'nl', title: 'Clubkampioenschappen', photo: { name: 'photo', version: '1' } });
    const first = await drawCard(drawn, context(template));
    expect(await drawCard(drawn, context(template))).toEqual(first);
    // Another template object: no frame remembered.
    expect(await drawCard(drawn, context({ ...template }))).toEqual(first);
  });
  it('draws a card from the parts a build before kept, loading no satori (a title edited)', async () => {
    const request = {
      locale: 'nl',
      label: 'Nieuws',
      detail: '3 maart 2026',
      photo: { name: 'photo', version: '1' },
    } as const;
    await drawCard(card({ ...request, title: 'Voorjaarslessen' }), context(template));
    // Another process (a next build), another title: the frame and the label are read, not drawn. (Its
    // template is compiled into the repository's cache: its module imports react from node_modules.)
    const script = join(dir, 'one-card.mts');
    await writeFile(
      script,
      `import { createRequire } from 'node:module';
import { compileCardTemplate, drawCard } from ${JSON.stringify(join(repoRoot, 'cli/build/cards.ts'))};
import { cardImage } from ${JSON.stringify(join(repoRoot, 'templates/lib/share-card.ts'))};
const template = await compileCardTemplate(${JSON.stringify(repoRoot)}, ${JSON.stringify(join(repoRoot, '.site', 'cache'))});
const request = { ...${JSON.stringify(request)}, title: 'Zomerkampen', site: ${JSON.stringify(site)} };
const drawn = await drawCard(cardImage(request, '/nieuws/test', template.version), {
  root: ${JSON.stringify(dir)}, images: new Map([['photo', 'photo.png']]), template, cacheDir: ${JSON.stringify(join(dir, 'cards'))},
});
const loaded = Object.keys(createRequire(import.meta.url).cache).filter((path) => path.includes('/node_modules/satori/'));
console.log(JSON.stringify({ bytes: drawn.length, loaded }));
`,
    );
    const out = execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, encoding: 'utf8' });
    const { bytes, loaded } = JSON.parse(out.trim().split('\n').at(-1)!) as { bytes: number; loaded: string[] };
    expect(bytes).toBeGreaterThan(10_000);
    expect(loaded).toEqual([]);
    const fresh = await drawCard(card({ ...request, title: 'Zomerkampen' }), context({ ...template }));
    expect(fresh.length).toBe(bytes);
  });
});
