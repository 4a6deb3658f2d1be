import { loadSharp } from '../images/sharp.ts';
import { CARD_HEIGHT, PHOTO_WIDTH } from '../../templates/cards/ShareCard.tsx';
import { focusCrop, type FocalPoint } from '../../shared/focal-point.ts';
import { opaqueRgb } from './card-pixels.ts';
import type { CardImage } from '../../templates/lib/share-card.ts';

/** Size of the photo's box on a card. */
interface Box {
  width: number;
  height: number;
}

/** The cropped photos of a run by source, focal point and size: a site's thousands of cards share its few photos. */
export type PhotoMemo = Map<string, Promise<unknown>>;

const photoKey = ({ request: { photo } }: CardImage) =>
  photo ? `${photo.name}\0${photo.focus?.x ?? ''}\0${photo.focus?.y ?? ''}` : '';

/** Cards by the photo they show (source and focal point; none first): drawn so, a photo is cut once and let go. */
export const photoOrder = (a: CardImage, b: CardImage) => photoKey(a).localeCompare(photoKey(b));

/**
 * A PhotoMemo that holds the last `keep` photos only, for cards drawn photo by photo (makeCards):
 * a photo's pixels go once its cards are drawn, not at the end of the run.
 */
export class RecentPhotos extends Map<string, Promise<unknown>> {
  constructor(private readonly keep: number) {
    super();
  }

  override set(key: string, value: Promise<unknown>): this {
    super.set(key, value);
    for (const oldest of this.keys()) {
      if (this.size <= this.keep) break;
      this.delete(oldest);
    }
    return this;
  }
}

/** The photo's pixels for its box: RGB rows when opaque, RGBA when it lets the card through. */
export interface PhotoPixels {
  input: Buffer;
  raw: { width: number; height: number; channels: 3 | 4 };
  /** Every pixel fully covers what is under it: laying it in is copying its rows. */
  opaque: boolean;
}

/** The photo cut around its focal point to `box` (turned upright, cut, scaled: one pass). */
function cropped(file: string, focus: FocalPoint, box: Box) {
  const sharp = loadSharp();
  return sharp(file)
    .metadata()
    .then((meta) => {
      const upright = { width: meta.autoOrient?.width ?? meta.width, height: meta.autoOrient?.height ?? meta.height };
      return sharp(file)
        .rotate()
        .extract(focusCrop(upright, box, focus))
        .resize(box.width, box.height, { fit: 'fill' });
    });
}

/** The photo half of a social card, cut around the focal point, as the JPEG the card's layout is given. */
export async function cropPhoto(file: string, focus: FocalPoint): Promise<Buffer> {
  return (await cropped(file, focus, { width: PHOTO_WIDTH, height: CARD_HEIGHT })).jpeg({ quality: 85 }).toBuffer();
}

/** Once per source, focal point, size and form in a run. */
function remembered<T>(memo: PhotoMemo | undefined, key: string, make: () => Promise<T>): Promise<T> {
  let made = memo?.get(key) as Promise<T> | undefined;
  if (!made) {
    made = make();
    memo?.set(key, made);
  }
  return made;
}

/** The photo as a data URI for the layout itself (a card whose photo box is not a plain rectangle). */
export async function photoUri(file: string, focus: FocalPoint, memo?: PhotoMemo): Promise<string> {
  const jpeg = await remembered(memo, `uri\0${file}\0${focus.x}\0${focus.y}`, () => cropPhoto(file, focus));
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/**
 * Stands in for the photo while satori lays the card out (a transparent pixel): resvg painting
 * the photo into the card was two thirds of drawing a card, so sharp lays the photo in instead,
 * at the box satori gave the stand-in.
 */
export const PHOTO_STAND_IN =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const STAND_IN = new RegExp(`<image ([^>]*)href="${PHOTO_STAND_IN.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"([^>]*)/>`);
const number = (attributes: string, name: string) => {
  const found = new RegExp(`(?:^|\\s)${name}="(-?\\d+(?:\\.\\d+)?)"`).exec(attributes)?.[1];
  return found === undefined ? undefined : Number(found);
};

const sameBox = (attributes: string, box: number[]) =>
  ['x', 'y', 'width', 'height'].every((name, index) => number(attributes, name) === box[index]);

/**
 * Where the stand-in shows in satori's SVG, and the SVG without it. The box is the rectangle the
 * image is clipped to (satori sizes the image itself by the stand-in's shape); only the plain
 * case: one image, a whole-pixel rectangle inside the card, no rounded corner, transform,
 * opacity or filter. Otherwise nothing, and the photo is drawn into the layout as before.
 */
export function photoBox(svg: string, card: Box): { svg: string; left: number; top: number; box: Box } | undefined {
  const found = STAND_IN.exec(svg);
  if (!found || svg.split('<image ').length !== 2) return undefined;
  const attributes = `${found[1]} ${found[2]}`;
  if (/transform=|opacity=|filter=/.test(attributes)) return undefined;
  const clip = /clip-path="url\(#([^)"]+)\)"/.exec(attributes)?.[1];
  const rect = clip && new RegExp(`<clipPath id="${clip}"><rect ([^>]*)/></clipPath>`).exec(svg)?.[1];
  if (!rect || /\brx=|\bry=|transform=/.test(rect)) return undefined;
  const [left, top, width, height] = ['x', 'y', 'width', 'height'].map((name) => number(rect, name));
  if ([left, top, width, height].some((value) => value === undefined || !Number.isInteger(value))) return undefined;
  if (left! < 0 || top! < 0 || width! < 1 || height! < 1 || left! + width! > card.width || top! + height! > card.height)
    return undefined;
  const mask = /mask="url\(#([^)"]+)\)"/.exec(attributes)?.[1];
  if (mask) {
    const covers = new RegExp(`<mask id="${mask}"><rect ([^>]*)/></mask>`).exec(svg)?.[1];
    if (!covers || !/fill="#fff"/.test(covers) || !sameBox(covers, [left!, top!, width!, height!])) return undefined;
  }
  return {
    svg: svg.slice(0, found.index) + svg.slice(found.index + found[0].length),
    left: left!,
    top: top!,
    box: { width: width!, height: height! },
  };
}

/**
 * The photo's pixels for a box, as the layout shows it: the photo half (cropPhoto's size, around
 * the focal point) covering the box from its centre, as satori fits an image. Raw pixels (RGB
 * rows for an opaque photo, as the card's): they are encoded once, with the whole card, and a PNG between was decoded again for every card
 * (a quarter of laying in and encoding a card).
 */
export function photoLayer(file: string, focus: FocalPoint, box: Box, memo?: PhotoMemo): Promise<PhotoPixels> {
  return remembered(memo, `raw\0${file}\0${focus.x}\0${focus.y}\0${box.width}x${box.height}`, async () => {
    const half = await (await cropped(file, focus, { width: PHOTO_WIDTH, height: CARD_HEIGHT }))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { data, info } = await loadSharp()(half.data, {
      raw: { width: half.info.width, height: half.info.height, channels: half.info.channels },
    })
      .resize(box.width, box.height, { fit: 'cover', position: 'centre' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgb = opaqueRgb(data);
    return {
      input: rgb ?? data,
      raw: { width: info.width, height: info.height, channels: rgb ? 3 : 4 },
      opaque: rgb !== undefined,
    };
  });
}
