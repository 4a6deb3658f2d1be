import LineBreaker from 'linebreak';
import type { Face } from './card-type.ts';

/**
 * A paragraph of a card's text laid out as satori 0.63 lays out text in a box of a given width
 * (its src/text/index.ts and processor.ts, for the subset a card's text uses: left-aligned,
 * `white-space: normal`, `overflow-wrap: break-word` or no word breaking, letter spacing, a line
 * clamp with its ellipsis), so
 * that a card's text can be drawn without satori (issue 21). Every width is summed in satori's
 * order, as rounding decides where a line breaks; the tests hold it to satori's for many titles.
 * Undefined for text this does not lay out as satori would (see `supported`): satori draws it.
 */
export interface TextStyle {
  fontSize: number;
  /** A multiple of the font size */
  lineHeight: number;
  letterSpacing: number;
  /** The most lines shown; the last one shown ends in an ellipsis when the text goes on */
  lineClamp?: number;
  /** `overflow-wrap: break-word`: a word wider than a line is broken between its characters */
  breakWords?: boolean;
}

/** A glyph placed: its baseline's origin, in pixels (from the origin the paragraph was laid out from). */
export interface Placed {
  glyph: number;
  x: number;
  y: number;
}

export interface Paragraph {
  glyphsAt(origin: { left: number; top: number }): Placed[];
  /** The paragraph's height: its lines' heights, each rounded as satori rounds it */
  height: number;
  lines: string[];
}

const ELLIPSIS = '\u2026';
const SPACE = ' ';
const words = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Text whose layout here is satori's: no tab, line feed or other control, no right-to-left or
 * combining text, no no-break space (satori joins words around it), nothing outside the BMP.
 */
const supported = (text: string) => /^[\u0020-\u007e\u00a1-\u02ff\u1e00-\u1eff\u2010-\u206f\u20a0-\u20bf]*$/.test(text);

/** The widths satori measures: a run shaped whole, the letter spacing after every character. */
class Measure {
  private readonly widths = new Map<string, number>();
  /** Whether a glyph the font lacks was asked for */
  missing = false;
  constructor(
    readonly face: Face,
    readonly style: TextStyle,
  ) {}

  width(text: string): number {
    // Nothing to shape (a space broken off a word, trimmed): HarfBuzz's answer would be no JSON at all.
    if (!text) return 0;
    let width = this.widths.get(text);
    if (width === undefined) {
      const glyphs = this.face.shape(text);
      let [advance, clusters] = [0, 0];
      for (let i = 0; i < glyphs.length; i++) {
        advance += glyphs[i]!.ax;
        if (glyphs[i + 1]?.cl !== glyphs[i]!.cl) clusters++;
        if (glyphs[i]!.g === 0) this.missing = true;
      }
      width = (advance / this.face.unitsPerEm) * this.style.fontSize + this.style.letterSpacing * clusters;
      this.widths.set(text, width);
    }
    return width;
  }
}

/** The line's height and its baseline as satori's engine gives them (rounded as Chrome rounds them). */
function lineMetrics(face: Face, style: TextStyle) {
  const height = style.fontSize * style.lineHeight;
  const ascent = Math.round((face.ascender / face.unitsPerEm) * style.fontSize);
  const descent = Math.round(-(face.descender / face.unitsPerEm) * style.fontSize);
  return { height: Math.round(height), baseline: Math.round(ascent + Math.floor((height - ascent - descent) / 2)) };
}

interface Piece {
  text: string;
  x: number;
  width: number;
  line: number;
}

/** Breaks `text` into lines `width` wide: satori's `flow`. */
function flow(content: string, width: number, measure: Measure, lineLimit: number) {
  const found: Array<{ word: string; required: boolean }> = [];
  const breaker = new LineBreaker(content);
  let [last, next] = [0, breaker.nextBreak()];
  for (let required = false; next; next = breaker.nextBreak()) {
    found.push({ word: content.slice(last, next.position), required });
    required = next.required;
    last = next.position;
  }
  const lineWidths: number[] = [];
  const pieces: Piece[] = [];
  let [lines, currentWidth, previousEndingSpaces] = [0, 0, 0];
  for (let i = 0; i < found.length && lines < lineLimit; i++) {
    const { word, required } = found[i]!;
    const w = measure.width(word);
    const trimmed = word.trimEnd();
    const endingSpaces = trimmed === word ? 0 : w - measure.width(trimmed);
    if (required || w === 0) return undefined;
    const wraps = i > 0 && currentWidth + w > width + endingSpaces;
    // Where it would start a line, a word wider than one is put in its characters' place (satori's
    // `needToBreakWord`; its width counts the spaces after it).
    if (measure.style.breakWords && w > width && (!currentWidth || wraps)) {
      const characters = Array.from(graphemes.segment(word), ({ segment }) => segment);
      if (characters.length > 1) {
        found.splice(i, 1, ...characters.map((character) => ({ word: character, required: false })));
        if (currentWidth > 0) {
          lineWidths.push(currentWidth - previousEndingSpaces);
          lines++;
          currentWidth = 0;
        }
        previousEndingSpaces = endingSpaces;
        i--;
        continue;
      }
    }
    if (wraps) {
      lineWidths.push(currentWidth - previousEndingSpaces);
      lines++;
      currentWidth = w;
    } else currentWidth += w;
    let x = currentWidth - w;
    for (const { segment } of words.segment(word)) {
      const pieceWidth = measure.width(segment);
      pieces.push({ text: segment, x, width: pieceWidth, line: lines });
      x += pieceWidth;
    }
    previousEndingSpaces = endingSpaces;
  }
  if (currentWidth) lineWidths.push(currentWidth);
  return { lineWidths, pieces };
}

/** The glyphs of `text` shaped whole from `left` on the baseline `y`: satori's `getSVG`. */
function place(text: string, left: number, y: number, measure: Measure, into: Placed[]): void {
  const { face, style } = measure;
  const glyphs = face.shape(text);
  const scale = style.fontSize / face.unitsPerEm;
  let x = left;
  for (let i = 0; i < glyphs.length; i++) {
    const shaped = glyphs[i]!;
    if (shaped.g === 0) measure.missing = true;
    into.push({ glyph: shaped.g, x: x + shaped.dx * scale, y: y + shaped.dy * scale });
    x += shaped.ax * scale;
    if (glyphs[i + 1]?.cl !== shaped.cl) x += style.letterSpacing;
  }
}

/**
 * `text` laid out `width` wide, or undefined when satori must lay it out (see `supported`). Its
 * glyphs are placed from an origin (where satori's box is on the box it paints): their places
 * are summed from there, in satori's order, so that they are the same to the last bit.
 */
export function layOut(text: string, width: number, face: Face, style: TextStyle): Paragraph | undefined {
  const content = text
    .replace(/\n/g, SPACE)
    .replace(/([ ]|\t)+/g, SPACE)
    .replace(/^[ ]|[ ]$/g, '');
  if (!supported(content)) return undefined;
  const measure = new Measure(face, style);
  const lineLimit = style.lineClamp ?? Number.POSITIVE_INFINITY;
  const flowed = flow(content, width, measure, lineLimit);
  if (!flowed) return undefined;
  const { lineWidths, pieces } = flowed;
  const multiline = lineWidths.length > 1;
  const ellipsisWidth = measure.width(ELLIPSIS);
  // What is drawn: runs of text shaped whole, each from its left on its line.
  const runs: Array<{ text: string; left: number; line: number }> = [];
  let buffer: { text: string; left: number } | undefined;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    const following = pieces[i + 1];
    let text = piece.text;
    // Lines of more than one are laid from whole pixels (satori rounds a piece's left then).
    const left = multiline ? Math.round(piece.x) : piece.x;
    let ends = false;
    if (piece.line + 1 === lineLimit && (piece.line < lineWidths.length - 1 || lineWidths[piece.line]! > width)) {
      if (left + piece.width + ellipsisWidth > width || (following && following.line !== piece.line)) {
        // The last line shown keeps its words; characters go only when the ellipsis does not fit after them.
        let kept = '';
        for (const { segment } of graphemes.segment(text.replace(/\s+$/, ''))) {
          if ((kept || piece.x > 0) && left + measure.width(kept + segment) + ellipsisWidth > width) break;
          kept += segment;
        }
        text = kept + ELLIPSIS;
        ends = true;
      }
    }
    // A word's pieces are shaped together, up to the space after it.
    if (!ends && text !== SPACE && following && following.line === piece.line) {
      buffer = buffer ? { text: buffer.text + text, left: buffer.left } : { text, left };
      continue;
    }
    runs.push({ text: (buffer?.text ?? '') + text, left: buffer?.left ?? left, line: piece.line });
    buffer = undefined;
    if (ends) break;
  }
  const metrics = lineMetrics(face, style);
  const glyphsAt = (origin: { left: number; top: number }) => {
    const glyphs: Placed[] = [];
    for (const run of runs)
      place(
        run.text,
        origin.left + run.left,
        origin.top + run.line * metrics.height + metrics.baseline,
        measure,
        glyphs,
      );
    return glyphs;
  };
  // A glyph the font lacks: satori draws its .notdef; satori draws the text.
  glyphsAt({ left: 0, top: 0 });
  if (measure.missing) return undefined;
  const lines: string[] = [];
  for (const run of runs) lines[run.line] = (lines[run.line] ?? '') + run.text;
  return { glyphsAt, height: Math.min(lineWidths.length, lineLimit) * metrics.height, lines };
}
