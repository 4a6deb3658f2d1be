import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { CardTemplate } from './card-template.ts';

/**
 * The card's fonts as satori shapes them (issue 21: a card's text laid out without satori,
 * card-text-layout.ts): HarfBuzz, the same package and version satori shapes with, at a scale of
 * the font's units per em; the line metrics from the font's `hhea` table, as opentype.js reads them.
 */
export interface Shaped {
  /** glyph, cluster (the character it starts at), advance and offset in font units */
  g: number;
  cl: number;
  ax: number;
  dx: number;
  dy: number;
}

export interface Face {
  /** The font file's SHA-1 (base64url): what names the face's kept outlines (card-outline-store.ts). */
  id: string;
  unitsPerEm: number;
  ascender: number;
  descender: number;
  /** The text shaped; read-only, since a face hands the same array to every caller of the same text. */
  shape(text: string): readonly Readonly<Shaped>[];
  /** The glyph's outline in font units, y up, as SVG path commands. */
  outline(glyph: number): string;
  /** The outlines known, by glyph: those asked for, and those put in (builds before kept them: card-outline-store.ts). */
  readonly outlines: Map<number, string>;
  /** How many outlines HarfBuzz drew in this process. */
  readonly drawn: number;
  /** How many texts HarfBuzz shaped in this process (a text shaped before is answered from memory). */
  readonly shaped: number;
}

interface HarfBuzz {
  createBlob(data: Uint8Array): { destroy(): void };
  createFace(blob: unknown, index: number): { destroy(): void };
  createFont(face: unknown): {
    setScale(x: number, y: number): void;
    glyphToPath(glyph: number): string;
  };
  createBuffer(): {
    addText(text: string): void;
    guessSegmentProperties(): void;
    json(): Shaped[];
    destroy(): void;
  };
  shape(font: unknown, buffer: unknown): void;
}

const require = createRequire(import.meta.url);
let loading: Promise<HarfBuzz> | undefined;
// By the font's bytes: `site dev` loads the template's fonts again on each change of it.
const faces = new Map<string, Promise<Face>>();
const keys = new WeakMap<Buffer, string>();
/**
 * Texts a face keeps shaped: HarfBuzz's shaping and its JSON were ~1.4 ms of a card's ~17 ms of
 * CPU (issue 21). Words and runs of a few glyphs, a few hundred bytes each: emptied when full.
 */
const SHAPES_KEPT = 20_000;

/** A table's offset in an sfnt file, by its tag. */
function table(data: Buffer, tag: string): number {
  for (let index = 0; index < data.readUInt16BE(4); index++) {
    const entry = 12 + index * 16;
    if (data.toString('latin1', entry, entry + 4) === tag) return data.readUInt32BE(entry + 8);
  }
  throw new Error(`the font has no ${tag} table`);
}

/** The face of one of the template's fonts (an sfnt file), made once a process. */
export function faceOf(data: Buffer): Promise<Face> {
  const key = keys.get(data) ?? createHash('sha1').update(data).digest('base64url');
  keys.set(data, key);
  let face = faces.get(key);
  if (!face) {
    face = (async () => {
      loading ??= require('harfbuzzjs') as Promise<HarfBuzz>;
      const hb = await loading;
      const blob = hb.createBlob(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      const hbFace = hb.createFace(blob, 0);
      const font = hb.createFont(hbFace);
      hbFace.destroy();
      blob.destroy();
      const unitsPerEm = data.readUInt16BE(table(data, 'head') + 18);
      font.setScale(unitsPerEm, unitsPerEm);
      const hhea = table(data, 'hhea');
      const outlines = new Map<number, string>();
      // A site's titles share most of their words, and a card's runs are shaped twice (measured, placed).
      const shapes = new Map<string, readonly Readonly<Shaped>[]>();
      let [drawn, shaped] = [0, 0];
      return {
        id: key,
        unitsPerEm,
        ascender: data.readInt16BE(hhea + 4),
        descender: data.readInt16BE(hhea + 6),
        shape(text) {
          let glyphs = shapes.get(text);
          if (glyphs) return glyphs;
          const buffer = hb.createBuffer();
          try {
            buffer.addText(text);
            buffer.guessSegmentProperties();
            hb.shape(font, buffer);
            glyphs = buffer.json();
          } finally {
            buffer.destroy();
          }
          if (shapes.size >= SHAPES_KEPT) shapes.clear();
          shapes.set(text, glyphs);
          shaped++;
          return glyphs;
        },
        outline(glyph) {
          let path = outlines.get(glyph);
          if (path === undefined) {
            outlines.set(glyph, (path = font.glyphToPath(glyph)));
            drawn++;
          }
          return path;
        },
        outlines,
        get drawn() {
          return drawn;
        },
        get shaped() {
          return shaped;
        },
      };
    })();
    faces.set(key, face);
  }
  return face;
}

/**
 * The font satori draws `family` at `weight` in: the first of the template's fonts of that name
 * and weight (satori's choice among fonts of one name; characters it lacks are drawn by no other).
 */
export function fontFor(template: CardTemplate, family: string, weight: number): Buffer | undefined {
  return template.fonts.find((font) => font.name.toLowerCase() === family.toLowerCase() && font.weight === weight)
    ?.data;
}
