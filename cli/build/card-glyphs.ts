import type { Face } from './card-type.ts';
import type { Placed } from './card-text-layout.ts';
import { PAINT } from './card-layers.ts';
import { loadResvg } from './resvg.ts';
import { SCALED } from './card-pixels.ts';

/**
 * Glyphs painted by resvg once a run and laid onto cards (issue 21). satori writes a glyph's
 * outline with each point rounded to a tenth of a pixel, and resvg's antialiasing rounds an edge
 * to a quarter of a pixel: a glyph drawn a twentieth of a pixel off can be a quarter of a level
 * off at an edge (64 levels). So a glyph is painted for its outline exactly as satori writes it
 * at its place, moved by whole pixels: two places with the same outline share one painting.
 */
interface Mask {
  data: Uint8Array;
  width: number;
  height: number;
  /** Where the mask's top left is from the whole pixel the glyph is placed at */
  left: number;
  top: number;
}

/** A glyph's outline in font units: its commands and, per command, its points. */
interface Outline {
  commands: string[];
  points: number[][];
}

/** Room around a glyph's outline in its mask: resvg's antialiasing reaches into the next pixel. */
const ROOM = 1;
const outlines = new WeakMap<Face, Map<number, Outline>>();
const masks = new WeakMap<Face, Map<string, Promise<Mask>>>();

function outlineOf(face: Face, glyph: number): Outline {
  let memo = outlines.get(face);
  if (!memo) outlines.set(face, (memo = new Map()));
  let outline = memo.get(glyph);
  if (!outline) {
    outline = { commands: [], points: [] };
    for (const [, command, args] of face.outline(glyph).matchAll(/([MLQCZ])([^MLQCZ]*)/g)) {
      outline.commands.push(command!);
      outline.points.push(args!.split(/[ ,]/).filter(Boolean).map(Number));
    }
    memo.set(glyph, outline);
  }
  return outline;
}

// satori's rounding of a point (src/font.ts `glyphPathData`): to a tenth, half away from zero, here in tenths.
const tenths = (value: number) => (value < 0 ? -Math.round(-value * 10) : Math.round(value * 10));

/** The points of `outline` at `x`, `y` (font units scaled, y down) in tenths of a pixel, less `whole` pixels. */
function pointsAt(outline: Outline, x: number, y: number, scale: number, whole: [number, number]): number[] {
  const points: number[] = [];
  for (const numbers of outline.points)
    for (let k = 0; k < numbers.length; k += 2)
      points.push(tenths(x + numbers[k]! * scale) - whole[0] * 10, tenths(y - numbers[k + 1]! * scale) - whole[1] * 10);
  return points;
}

async function paintMask(outline: Outline, points: number[]): Promise<Mask> {
  if (!points.length) return { data: new Uint8Array(0), width: 0, height: 0, left: 0, top: 0 };
  let [left, top, right, bottom] = [points[0]!, points[1]!, points[0]!, points[1]!];
  for (let k = 0; k < points.length; k += 2) {
    left = Math.min(left, points[k]!);
    right = Math.max(right, points[k]!);
    top = Math.min(top, points[k + 1]!);
    bottom = Math.max(bottom, points[k + 1]!);
  }
  [left, top] = [Math.floor(left / 10) - ROOM, Math.floor(top / 10) - ROOM];
  const [width, height] = [Math.ceil(right / 10) + ROOM - left, Math.ceil(bottom / 10) + ROOM - top];
  let d = '';
  let at = 0;
  outline.commands.forEach((command, index) => {
    d += command;
    for (let k = 0; k < outline.points[index]!.length; k += 2, at += 2)
      d += `${k ? ' ' : ''}${(points[at]! - left * 10) / 10} ${(points[at + 1]! - top * 10) / 10}`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path fill="#fff" d="${d}"/></svg>`;
  const { renderAsync } = await loadResvg();
  const { pixels } = await renderAsync(svg, PAINT);
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = pixels[i * 4 + 3]!;
  return { data, width, height, left, top };
}

/**
 * A paragraph's glyphs summed into one coverage (as resvg sums the edges of one path), clamped,
 * on a box `width` by `height`; kept between cards (a card's text is ~0.5 MB of it), and left
 * empty by `fill`, which clears what it lays on.
 */
export class Coverage {
  private data = new Uint8ClampedArray(0);
  private touched = { left: 0, top: 0, right: 0, bottom: 0 };
  width = 0;
  height = 0;

  /** Empty, `width` by `height`. */
  start(width: number, height: number): void {
    if (this.data.length < width * height) this.data = new Uint8ClampedArray(width * height);
    [this.width, this.height] = [width, height];
    this.touched = { left: width, top: height, right: 0, bottom: 0 };
  }

  /** A glyph's painting added with its top left at `x`, `y` (whole pixels) on this. */
  add({ mask, x: left, y: top }: Laid, from: { left: number; top: number }): void {
    const [x, y] = [left - from.left + mask.left, top - from.top + mask.top];
    const [fromX, toX] = [Math.max(0, -x), Math.min(mask.width, this.width - x)];
    const [fromY, toY] = [Math.max(0, -y), Math.min(mask.height, this.height - y)];
    if (fromX >= toX || fromY >= toY) return;
    const { data, touched } = this;
    touched.left = Math.min(touched.left, x + fromX);
    touched.right = Math.max(touched.right, x + toX);
    touched.top = Math.min(touched.top, y + fromY);
    touched.bottom = Math.max(touched.bottom, y + toY);
    for (let row = fromY; row < toY; row++) {
      const [start, to] = [row * mask.width, (y + row) * this.width + x];
      for (let column = fromX; column < toX; column++) {
        const alpha = mask.data[start + column]!;
        if (alpha) data[to + column] = data[to + column]! + alpha;
      }
    }
  }

  /**
   * `colour` laid over RGB rows `width` wide where this covers them (its top left at `at`): what
   * resvg's fill of a transparent box and its overlay on the frame give (card-pixels.ts `overlay`).
   */
  fill(rows: Buffer, width: number, colour: [number, number, number], at: { left: number; top: number }): void {
    const { data, touched } = this;
    for (let y = touched.top; y < touched.bottom; y++) {
      let to = ((at.top + y) * width + at.left + touched.left) * 3;
      for (
        let from = y * this.width + touched.left, end = y * this.width + touched.right;
        from < end;
        from++, to += 3
      ) {
        const alpha = data[from]!;
        if (alpha === 0) continue;
        data[from] = 0;
        const [covered, through] = [alpha << 8, (255 - alpha) << 8];
        for (let channel = 0; channel < 3; channel++)
          rows[to + channel] = SCALED[covered | colour[channel]!]! + SCALED[through | rows[to + channel]!]!;
      }
    }
  }
}

/** A glyph's painting and the whole pixel it is moved to. */
export interface Laid {
  mask: Mask;
  x: number;
  y: number;
}

/** The paintings of `glyphs` (at `size`), each painted when its outline is first asked for. */
export async function masksOf(face: Face, size: number, glyphs: readonly Placed[]): Promise<Laid[]> {
  let memo = masks.get(face);
  if (!memo) masks.set(face, (memo = new Map()));
  const scale = size / face.unitsPerEm;
  return Promise.all(
    glyphs.map(async ({ glyph, x, y }) => {
      const whole: [number, number] = [Math.floor(x), Math.floor(y)];
      const outline = outlineOf(face, glyph);
      const points = pointsAt(outline, x, y, scale, whole);
      // Points are tenths of a pixel within a few hundred pixels: a character each.
      const key = `${glyph}:${size}:${String.fromCharCode(...points.map((point) => point + 0x8000))}`;
      let mask = memo.get(key);
      if (!mask) memo.set(key, (mask = paintMask(outline, points)));
      return { mask: await mask, x: whole[0], y: whole[1] };
    }),
  );
}
