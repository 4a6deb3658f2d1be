import { endianness } from 'node:os';

const LITTLE_ENDIAN = endianness() === 'LE';

/**
 * A painted card's RGBA pixels (resvg's, premultiplied) as RGB rows, when every pixel is opaque;
 * undefined when any lets the background show through. JPEG keeps no alpha: libvips encoding the
 * RGBA card first flattens every pixel, and the same JPEG from RGB rows costs 2.7 ms less a card
 * (7.3 against 4.6 ms, issue 21); this conversion is about 1 ms.
 */
export function opaqueRgb(pixels: Buffer): Buffer | undefined {
  const count = pixels.length >> 2;
  const rgb = Buffer.allocUnsafe(count * 3);
  let alpha = 0xff;
  let pixel = 0;
  // Four pixels (four words) to three words at a time, where the bytes allow reading them as words.
  if (LITTLE_ENDIAN && pixels.byteOffset % 4 === 0 && rgb.byteOffset % 4 === 0) {
    const from = new Uint32Array(pixels.buffer, pixels.byteOffset, count);
    const to = new Uint32Array(rgb.buffer, rgb.byteOffset, (count * 3) >> 2);
    let all = -1;
    for (let word = 0; pixel + 3 < count; pixel += 4, word += 3) {
      const a = from[pixel]!;
      const b = from[pixel + 1]!;
      const c = from[pixel + 2]!;
      const d = from[pixel + 3]!;
      all &= a & b & c & d;
      to[word] = (a & 0xffffff) | (b << 24);
      to[word + 1] = ((b >>> 8) & 0xffff) | (c << 16);
      to[word + 2] = ((c >>> 16) & 0xff) | (d << 8);
    }
    alpha = all >>> 24;
  }
  for (; pixel < count; pixel++) {
    rgb[pixel * 3] = pixels[pixel * 4]!;
    rgb[pixel * 3 + 1] = pixels[pixel * 4 + 1]!;
    rgb[pixel * 3 + 2] = pixels[pixel * 4 + 2]!;
    alpha &= pixels[pixel * 4 + 3]!;
  }
  return alpha === 0xff ? rgb : undefined;
}

/**
 * A level scaled by a coverage, rounded as resvg's compositing rounds it: `SCALED[coverage << 8 | level]`
 * is `(level * coverage + 127) / 255`, whole. Looked up rather than divided for every channel of
 * every pixel the card's text covers (issue 21).
 */
export const SCALED = new Uint8Array(256 * 256);
for (let coverage = 0; coverage < 256; coverage++)
  for (let level = 0; level < 256; level++) SCALED[(coverage << 8) | level] = ((level * coverage + 127) / 255) | 0;

/** Pixels `width` wide, `channels` to a pixel, as raw rows. */
export interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * A layer resvg painted on a transparent box (premultiplied RGBA, `layer`) laid over RGB rows
 * `width` pixels wide at `left`, `top` (its part outside the rows left out): what painting it
 * there over them would give, to a level (source over: the layer's colour plus what it lets
 * through of the card's).
 */
export function overlay(rgb: Buffer, width: number, layer: Raw, left: number, top: number): void {
  const { data } = layer;
  const height = rgb.length / 3 / width;
  const [fromX, toX] = [Math.max(0, -left), Math.min(layer.width, width - left)];
  for (let y = Math.max(0, -top); y < Math.min(layer.height, height - top); y++) {
    let to = ((top + y) * width + left + fromX) * 3;
    for (let from = (y * layer.width + fromX) * 4, end = (y * layer.width + toX) * 4; from < end; from += 4, to += 3) {
      const alpha = data[from + 3]!;
      if (alpha === 0) continue;
      const through = (255 - alpha) << 8;
      for (let channel = 0; channel < 3; channel++)
        rgb[to + channel] = data[from + channel]! + SCALED[through | rgb[to + channel]!]!;
    }
  }
}

/** Rows of `rows` (`channels` a pixel, as the card's) copied over the card's at `left`, `top`. */
export function copyRows(card: Buffer, width: number, rows: Raw, channels: 3 | 4, left: number, top: number): void {
  const row = rows.width * channels;
  for (let y = 0; y < rows.height; y++)
    rows.data.copy(card, ((top + y) * width + left) * channels, y * row, (y + 1) * row);
}

/**
 * The smallest part of a layer (premultiplied RGBA) holding every pixel that is not fully
 * transparent, and where it is in the layer: laid over the card, it gives what the whole layer
 * gives. The label's pill is a tenth of its layer, and its overlay went over every pixel of that
 * layer on every card (~0.5 ms of a card's ~17 ms of CPU, issue 21).
 */
export function shownPart(layer: Raw): Raw & { left: number; top: number } {
  const { data, width, height } = layer;
  let [left, top, right, bottom] = [width, height, 0, 0];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (data[(y * width + x) * 4 + 3] !== 0) {
        [left, right] = [Math.min(left, x), Math.max(right, x + 1)];
        [top, bottom] = [Math.min(top, y), Math.max(bottom, y + 1)];
      }
  if (right <= left) return { data: Buffer.alloc(0), width: 0, height: 0, left: 0, top: 0 };
  const part = Buffer.allocUnsafe((right - left) * (bottom - top) * 4);
  for (let y = top; y < bottom; y++)
    data.copy(part, (y - top) * (right - left) * 4, (y * width + left) * 4, (y * width + right) * 4);
  return { data: part, width: right - left, height: bottom - top, left, top };
}
