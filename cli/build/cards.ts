import { loadSharp } from '../images/sharp.ts';
import { createRequire } from 'node:module';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { problem, SiteError } from '../errors/site-error.ts';
import { writeAtomic } from '../images/cache.ts';
import { hasCode, joinUnder, type FolderWriter } from './folder-writer.ts';
import { createLimiter } from '../images/pool.ts';
import type { CardImage } from '../../templates/lib/share-card.ts';
import type { ShareCardProps, textBox } from '../../templates/cards/ShareCard.tsx';
import { CENTRE } from '../../shared/focal-point.ts';
import { PHOTO_STAND_IN, photoBox, photoLayer, photoOrder, photoUri, type PhotoPixels } from './card-photo.ts';
import { RecentPhotos, type PhotoMemo } from './card-photo.ts';
import { compileFailed } from './compile-failure.ts';
import { collectNow } from './collection.ts';
import { importHashed } from './hashed-module.ts';
import { cachedBuild } from './cached-esbuild.ts';
import { copyRows, opaqueRgb, overlay, type Raw } from './card-pixels.ts';
import { BLEED, frameOf, PAINT, satori, textLayer } from './card-layers.ts';
import { RowPool } from './card-rows.ts';
import { JPEG, templateVersion, type CardTemplate } from './card-template.ts';

export type { CardTemplate };
import { sfntFromWoff } from './woff.ts';
import { loadResvg } from './resvg.ts';
import { CardSizes, jpegEnds } from './card-sizes.ts';

export interface CardTotals {
  made: number;
  cached: number;
}

const TEMPLATE = join('templates', 'cards', 'ShareCard.tsx');
/**
 * Cards drawn between two full collections. A card's garbage is mostly outside V8's heap (its JPEG,
 * glyphs resvg painted, sharp's objects), which V8 collected late: a cold build at 4,000 sources
 * held ~100 MB of it by its end; a collection (~40 ms) every 500 cards keeps it down (issue 21).
 */
const COLLECT_EVERY = 500;
const require = createRequire(import.meta.url);

/**
 * Inter from its npm package (nothing is fetched): regular and bold, Latin and Latin Extended.
 * `woff`: the file as published (it names the cards); `font`: what satori is given, unwrapped.
 */
async function loadFonts(): Promise<Array<{ woff: Buffer; font: CardTemplate['fonts'][number] }>> {
  const folder = join(dirname(require.resolve('@fontsource/inter/package.json')), 'files');
  const files = (['latin', 'latin-ext'] as const).flatMap((subset) =>
    ([400, 700] as const).map((weight) => ({ subset, weight })),
  );
  return Promise.all(
    files.map(async ({ subset, weight }) => {
      const woff = await readFile(join(folder, `inter-${subset}-${weight}-normal.woff`));
      return { woff, font: { name: 'Inter', data: sfntFromWoff(woff), weight, style: 'normal' as const } };
    }),
  );
}

/** Bundle templates/cards/ShareCard.tsx (the project's card, in React) and load the fonts. */
export async function compileCardTemplate(root: string, cacheDir: string): Promise<CardTemplate> {
  const [result, fonts] = await Promise.all([
    // Without whitespace: the code's hash names every card, so layout alone (a formatter's pass) must not rename them.
    cachedBuild(cacheDir, 'card-template', {
      entryPoints: [join(root, TEMPLATE)],
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      jsx: 'automatic',
      minifyWhitespace: true,
      write: false,
      logLevel: 'silent',
    }).catch(compileFailed),
    loadFonts(),
  ]);
  const code = result.outputFiles[0]!.text;
  const version = templateVersion(
    code,
    fonts.map(({ woff }) => woff),
  );
  const { module } = await importHashed<{ ShareCard: CardTemplate['render']; textBox?: typeof textBox }>(
    cacheDir,
    'card-template',
    code,
    version,
  );
  return {
    version,
    render: module.ShareCard,
    fonts: fonts.map(({ font }) => font),
    ...(module.textBox ? { textBox: module.textBox } : {}),
  };
}

const wholeJpeg = (data: Buffer) => data.length > 4 && jpegEnds(data, data.subarray(-2));

const cardPath = (card: CardImage, context: CardContext) => joinUnder(context.cacheDir, `${card.key}.jpg`);

/** What drawing a card needs besides what it shows: the template and where the photos are. */
export interface CardContext {
  root: string;
  /** Image name to its source file (the model's images). */
  images: ReadonlyMap<string, string>;
  template: CardTemplate;
  /** <root>/.site/cache/cards */
  cacheDir: string;
  /** The cropped photos of this run (card-photo.ts): a site's thousands of cards share its few photos. */
  photos?: PhotoMemo;
  /** The rows of the cards being drawn, used again by the next ones (card-rows.ts). */
  rows?: RowPool;
}

/**
 * A card's JPEG in the cache (<root>/.site/cache/cards/<key>.jpg), drawn first when it is not
 * there whole: satori lays out the React card, resvg paints it, sharp writes the JPEG. Its key
 * changes with anything drawn on it (text, photo, template, fonts), so a card in the cache costs
 * one read. Used by the build (every page's card) and site dev (a card when it is asked for).
 */
export async function cardFile(
  card: CardImage,
  context: CardContext,
): Promise<{ path: string; data: Buffer; made: boolean }> {
  const path = cardPath(card, context);
  const cached = await readFile(path).catch(() => undefined);
  if (cached && wholeJpeg(cached)) return { path, data: cached, made: false };
  await mkdir(context.cacheDir, { recursive: true });
  return { path, data: await cardDrawn(card, context), made: true };
}

/** A card drawn and written to the cache (its folder there): what cardFile does when it is missing. */
async function cardDrawn(card: CardImage, context: CardContext): Promise<Buffer> {
  const data = await drawCard(card, context).catch((error: unknown) => {
    throw new SiteError([
      problem('CARD_FAILED', { path: card.src, problem: error instanceof Error ? error.message : String(error) }),
    ]);
  });
  await writeAtomic(cardPath(card, context), data);
  return data;
}

/** Waits for every one of `work`, then throws the first failure. */
async function settled(work: Array<Promise<unknown>>): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Every page's card, from the cache or drawn, linked in through `output` (a build's public/ folder).
 * `last`: the public/ folder of the build before and the cards it holds (their src): one found
 * there (the same name holds the same key, so the same drawing) is linked from it without a stat of
 * the cached card, whose size the cache's index knows (4,488 stats, ~20 ms of an edit build at
 * 4,000 sources; issue 21).
 */
export async function makeCards(
  options: CardContext & {
    cards: readonly CardImage[];
    output: FolderWriter;
    last?: { dir: string; cards: ReadonlySet<string> };
  },
): Promise<CardTotals> {
  const unique = [...new Map(options.cards.map((card) => [card.src, card])).values()];
  // Three at a time: the text is laid on this thread, the JPEG encoded on libuv's; drawn alone (after the
  // photos' encoding) two kept ~1.45 of 2 cores busy, three drew 4,142 cards ~0.8 s sooner (issue 21).
  const limit = createLimiter(3);
  // Drawn photo by photo (below): the run holds one or two cropped photos, not every one.
  const context: CardContext = { ...options, photos: options.photos ?? new RecentPhotos(4), rows: new RowPool() };
  const sizes = await CardSizes.load(options.cacheDir);
  const totals: CardTotals = { made: 0, cached: 0 };
  // The whole cards in the cache are linked at once; the others are drawn, three at a time.
  const found: Array<{ card: CardImage; file: { source: string; path: string; bytes: number } }> = [];
  // By key: pages showing the same card (the same title, label, photo...) wait for one drawing.
  const missing = new Map<string, CardImage[]>();
  const { last } = options;
  for (const card of unique) {
    const linked = last?.cards.has(card.src) ? sizes.known(card.key) : undefined;
    if (linked !== undefined) {
      found.push({ card, file: { source: joinUnder(last!.dir, card.src), path: card.src, bytes: linked } });
      continue;
    }
    const source = cardPath(card, context);
    const bytes = sizes.size(card.key, source);
    if (bytes === undefined) missing.set(card.key, [...(missing.get(card.key) ?? []), card]);
    else found.push({ card, file: { source, path: card.src, bytes } });
  }
  // Cards of one key; when found missing (CardSizes looked at the file), drawn without reading it first.
  const drawOrRead = (cards: readonly CardImage[], missing = false) =>
    limit(async () => {
      const card = cards[0]!;
      const { path, data, made } = missing
        ? { path: cardPath(card, context), data: await cardDrawn(card, context), made: true }
        : await cardFile(card, context);
      sizes.found(card.key, path);
      if (made) totals.made++;
      else totals.cached++;
      if (made && totals.made % COLLECT_EVERY === 0) collectNow();
      totals.cached += cards.length - 1;
      await options.output.publish(cards.map(({ src }) => ({ source: path, path: src, bytes: data.length })));
    });
  const linkFound = async () => {
    try {
      await options.output.publish(found.map(({ file }) => file));
      totals.cached += found.length;
    } catch (error) {
      if (!hasCode(error, 'ENOENT')) throw error;
      // A build beside this one removed cards it did not use (./card-cache.ts) after they were
      // found here: publish took back what it had linked, and each card is read or drawn again.
      await settled(found.map(({ card }) => drawOrRead([card])));
    }
  };
  // Settled, every one, before this returns or throws: a failed build removes its folder, and a
  // card still being linked into it would make that removal fail. The found cards are linked after
  // the drawing has started: a card drawn is the one this build waits for.
  if (missing.size) await mkdir(context.cacheDir, { recursive: true });
  const byPhoto = [...missing.values()].sort(([a], [b]) => photoOrder(a!, b!));
  await settled([...byPhoto.map((cards) => drawOrRead(cards, true)), linkFound()]);
  // The outlines HarfBuzz drew for them, for the next build's cards (a title edited).
  if (missing.size) await (await import('./card-outline-store.ts')).keepOutlines();
  await sizes.save();
  return totals;
}

/**
 * A card's JPEG, from its RGB rows (`channels` 3; RGBA when it lets its background through), with
 * the photo laid in: an opaque photo's rows are copied in, one that lets the card show through is
 * blended by sharp. JPEG keeps no alpha, and libvips made the same JPEG from RGBA rows in 2.7 ms
 * more a card (issue 21).
 */
function encode(card: Raw, channels: 3 | 4, photo?: PhotoPixels & { left: number; top: number }): Promise<Buffer> {
  const encoder = loadSharp()(card.data, { raw: { width: card.width, height: card.height, channels } });
  if (photo?.opaque && channels === photo.raw.channels) {
    const rows = { data: photo.input, width: photo.raw.width, height: photo.raw.height };
    copyRows(card.data, card.width, rows, channels, photo.left, photo.top);
  } else if (photo) encoder.composite([photo]);
  return encoder.jpeg(JPEG).toBuffer();
}

/**
 * A card's JPEG. A template with a text box (templates/cards/ShareCard.tsx) is drawn in layers:
 * its frame, drawn once a run (card-layers.ts), the page's text painted alone over a copy, then
 * the photo. `layIn: false` draws the whole card with the photo in the layout (resvg paints it):
 * what a card whose photo box is not a plain rectangle gets, and what the layers are tested against.
 */
export async function drawCard(
  card: CardImage,
  { template, images, root, photos, cacheDir, rows }: CardContext,
  { layIn } = { layIn: true },
): Promise<Buffer> {
  const { renderAsync } = await loadResvg();
  const { request } = card;
  const source = request.photo ? images.get(request.photo.name) : undefined;
  const file = source ? join(root, source) : undefined;
  const focus = request.photo?.focus ?? CENTRE;
  const props = (photo: string | undefined): ShareCardProps => ({
    locale: request.locale,
    title: request.title,
    ...(request.label ? { label: request.label } : {}),
    ...(request.detail ? { detail: request.detail } : {}),
    siteName: request.site.name,
    host: request.site.host,
    ...(photo ? { photo } : {}),
    colors: request.site.colors,
  });
  const size = { width: card.width, height: card.height };
  const frame =
    layIn && template.textBox ? await frameOf(template, props(file && PHOTO_STAND_IN), size, cacheDir) : undefined;
  if (frame && template.textBox) {
    const box = template.textBox(props(file && PHOTO_STAND_IN));
    const drawn = { ...frame, data: rows ? rows.copyOf(frame.data) : Buffer.from(frame.data) };
    try {
      // Loaded by the first card drawn: a build that draws none (a body edit) skips its module (~10 ms: its text layout's tables).
      const { drawText } = await import('./card-text.ts');
      if (!(await drawText(template, props(file && PHOTO_STAND_IN), box, drawn, cacheDir))) {
        const text = await textLayer(template, props(file && PHOTO_STAND_IN), box);
        overlay(drawn.data, drawn.width, text, box.left - BLEED, box.top - BLEED);
      }
      const place = frame.photo;
      const photo = file && place && { ...(await photoLayer(file, focus, place.box, photos)), ...place };
      return await encode(drawn, 3, photo || undefined);
    } finally {
      rows?.giveBack(drawn.data);
    }
  }
  const layout = (photo: string | undefined) =>
    satori()(template.render(props(photo)), { ...size, fonts: template.fonts });
  // The photo, cut around its focal point to its box, is laid in after resvg paints the rest.
  let svg = await layout(file ? PHOTO_STAND_IN : undefined);
  let photo: (PhotoPixels & { left: number; top: number }) | undefined;
  const placed = file && layIn ? photoBox(svg, card) : undefined;
  if (file && placed) {
    svg = placed.svg;
    photo = { ...(await photoLayer(file, focus, placed.box, photos)), left: placed.left, top: placed.top };
  } else if (file) svg = await layout(await photoUri(file, focus, photos));
  const painted = await renderAsync(svg, PAINT);
  const rgb = opaqueRgb(painted.pixels);
  const pixels = { data: rgb ?? painted.pixels, width: painted.width, height: painted.height };
  return encode(pixels, rgb ? 3 : 4, photo);
}
