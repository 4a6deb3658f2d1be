import sharp from 'sharp';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { opaqueRgb, overlay, shownPart } from '../../cli/build/card-pixels.ts';

/** RGBA pixels, `count` of them, each channel a different value; `alpha` for every pixel. */
function rgba(count: number, alpha = 255): Buffer {
  const pixels = Buffer.alloc(count * 4);
  for (let pixel = 0; pixel < count; pixel++)
    pixels.set([(pixel * 7) & 255, (pixel * 13 + 1) & 255, (pixel * 29 + 2) & 255, alpha], pixel * 4);
  return pixels;
}
const dropAlpha = (pixels: Buffer) => Buffer.from(pixels.filter((_, index) => index % 4 !== 3));

describe("a card's RGB pixels", () => {
  it.each([1, 3, 4, 5, 1001])('are the RGBA pixels without alpha (%i pixels)', (count) => {
    const pixels = rgba(count);
    expect(opaqueRgb(pixels)).toEqual(dropAlpha(pixels));
  });

  it('are read from RGBA bytes that do not start on a word', () => {
    const pixels = rgba(9);
    const shifted = Buffer.concat([Buffer.alloc(1), pixels]).subarray(1);
    expect(shifted.byteOffset % 4).not.toBe(0);
    expect(opaqueRgb(shifted)).toEqual(dropAlpha(pixels));
  });

  it.each([0, 4, 8])('are none when a pixel lets the background through (pixel %i of 9)', (pixel) => {
    const pixels = rgba(9);
    pixels[pixel * 4 + 3] = 254;
    expect(opaqueRgb(pixels)).toBeUndefined();
  });

  it('make the JPEG libvips made from the RGBA card, byte for byte', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="63"><rect width="120" height="63" fill="#0b2545"/>' +
      '<circle cx="40" cy="30" r="21" fill="#d4a72c"/><path d="M70 10 L110 50 L75 55 Z" fill="#b9cfe8"/></svg>';
    const painted = new Resvg(svg).render();
    const raw = (channels: 3 | 4) => ({ raw: { width: painted.width, height: painted.height, channels } });
    const rgb = opaqueRgb(painted.pixels);
    expect(rgb).toBeDefined();
    const [fromRgb, fromRgba] = await Promise.all([
      sharp(rgb, raw(3)).jpeg({ quality: 82 }).toBuffer(),
      sharp(painted.pixels, raw(4)).jpeg({ quality: 82 }).toBuffer(),
    ]);
    expect(fromRgb).toEqual(fromRgba);
  });

  it('take a see-through layer over them as resvg paints one over the other, its part off the card left out', async () => {
    // A 3 x 2 card of dark blue; a 2 x 2 layer of half-covering white, one pixel off the card's left edge.
    const svg = (body: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="3" height="2"><rect width="3" height="2" fill="#0b2545"/>${body}</svg>`;
    const card = opaqueRgb(new Resvg(svg('')).render().pixels)!;
    const layer = new Resvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><rect width="2" height="2" fill="#ffffff" fill-opacity="0.5"/></svg>',
    ).render();
    overlay(card, 3, { data: layer.pixels, width: 2, height: 2 }, -1, 0);
    const painted = opaqueRgb(
      new Resvg(svg('<rect width="1" height="2" fill="#ffffff" fill-opacity="0.5"/>')).render().pixels,
    )!;
    for (let i = 0; i < card.length; i++) expect(Math.abs(card[i]! - painted[i]!)).toBeLessThanOrEqual(1);
    // Only the first column is covered.
    expect(card.subarray(3, 9)).toEqual(opaqueRgb(new Resvg(svg('')).render().pixels)!.subarray(3, 9));
  });

  it("lay a layer's shown part where the whole layer would be laid, and nothing for a layer that shows nothing", () => {
    // A 9 x 7 layer, transparent but for a 3 x 2 patch and one faint pixel, laid at (2, 1) on an 11 x 9 card.
    const [width, height] = [9, 7];
    const data = Buffer.alloc(width * height * 4);
    for (const [x, y, alpha] of [
      [3, 2, 255],
      [4, 2, 128],
      [5, 2, 255],
      [3, 3, 64],
      [4, 3, 255],
      [5, 3, 1],
      [7, 5, 1],
    ])
      data.set([alpha! >> 1, alpha! >> 2, alpha! >> 3, alpha!], (y! * width + x!) * 4);
    const part = shownPart({ data, width, height });
    expect([part.left, part.top, part.width, part.height]).toEqual([3, 2, 5, 4]);
    const card = () => Buffer.from(rgba(11 * 9).filter((_, index) => index % 4 !== 3));
    const [whole, shown] = [card(), card()];
    overlay(whole, 11, { data, width, height }, 2, 1);
    overlay(shown, 11, part, 2 + part.left, 1 + part.top);
    expect(shown).toEqual(whole);
    expect(shown).not.toEqual(card());
    expect(shownPart({ data: Buffer.alloc(16), width: 2, height: 2 })).toMatchObject({ width: 0, height: 0 });
  });
});
