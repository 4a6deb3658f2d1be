import type { ReactElement } from 'react';
import type { ShareCardProps } from '../../templates/cards/ShareCard.tsx';
import type { CardTemplate } from './card-template.ts';
import { Coverage, masksOf } from './card-glyphs.ts';
import { overlay, shownPart, type Raw } from './card-pixels.ts';
import { layOut, type Paragraph, type TextStyle } from './card-text-layout.ts';
import { faceOf, fontFor, type Face } from './card-type.ts';
import { BLEED, paintAlone } from './card-layers.ts';
import { storedPart } from './card-layer-store.ts';
import { shelvedOutlines } from './card-outline-store.ts';

/**
 * The page's text of a card drawn without satori or resvg (issue 21: they were 7 of a card's 11 ms
 * of CPU): the template's text part (templates/cards/ShareCard.tsx, `part: 'text'`) read as a column
 * of paragraphs, each laid out as satori would (card-text-layout.ts) and drawn from glyphs painted
 * once a run (card-glyphs.ts); any other part of the column (the label's pill) is drawn by satori
 * once per what it shows and kept (card-layer-store.ts). Undefined when the template's text part is anything else, or a
 * paragraph's text is one satori must lay out: the card's text is then drawn by satori.
 */
interface Element {
  type: unknown;
  props: { style?: Record<string, unknown>; children?: unknown; [name: string]: unknown };
}

interface Text {
  text: string;
  face: Face;
  style: TextStyle;
  colour: [number, number, number];
}
type Block = { text: Text } | { sticker: Element };

/** One for every card: drawn one paragraph at a time (JavaScript runs one at a time). */
const coverage = new Coverage();

const isElement = (node: unknown): node is Element =>
  typeof node === 'object' && node !== null && 'type' in node && 'props' in node;
const childrenOf = (element: Element): unknown[] =>
  [element.props.children]
    .flat(Number.POSITIVE_INFINITY)
    .filter((child) => child !== null && child !== undefined && child !== false);
/** Whether `style` holds only `allowed` (with the values each allows, when given). */
const only = (style: Record<string, unknown> | undefined, allowed: Record<string, (value: unknown) => boolean>) =>
  Object.entries(style ?? {}).every(([name, value]) => allowed[name]?.(value) ?? false);
const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const isColour = (value: unknown) => typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);
const rgb = (colour: string): [number, number, number] =>
  [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16)) as [number, number, number];

/** A paragraph: a div with nothing but its text in it, styled only with what card-text-layout.ts lays out. */
async function paragraphOf(
  element: Element,
  inherited: { family: string; colour: string },
  template: CardTemplate,
): Promise<Text | undefined> {
  const [text, ...more] = childrenOf(element);
  const { style = {} } = element.props;
  const keys = Object.keys(element.props).filter((name) => name !== 'style' && name !== 'children');
  if (element.type !== 'div' || typeof text !== 'string' || more.length || keys.length) return undefined;
  const block = style.display === 'block';
  const fits = only(style, {
    display: (value) => value === 'block' || value === 'flex',
    fontSize: isNumber,
    fontWeight: (value) => value === 400 || value === 700,
    lineHeight: isNumber,
    letterSpacing: isNumber,
    lineClamp: (value) => block && Number.isInteger(value),
    overflowWrap: (value) => value === 'break-word',
    color: isColour,
  });
  if (!fits || !isNumber(style.fontSize) || !isNumber(style.lineHeight)) return undefined;
  const data = fontFor(template, inherited.family, (style.fontWeight as number | undefined) ?? 400);
  if (!data) return undefined;
  return {
    text,
    face: await faceOf(data),
    style: {
      fontSize: style.fontSize as number,
      lineHeight: style.lineHeight as number,
      letterSpacing: (style.letterSpacing as number | undefined) ?? 0,
      ...(style.lineClamp ? { lineClamp: style.lineClamp as number } : {}),
      ...(style.overflowWrap ? { breakWords: true } : {}),
    },
    colour: rgb((style.color as string | undefined) ?? inherited.colour),
  };
}

/** The text part as a column of blocks `gap` apart, centred in the text box; undefined when it is not one. */
async function columnOf(template: CardTemplate, props: ShareCardProps, box: { width: number; height: number }) {
  const root = template.render({ ...props, part: 'text' });
  if (!isElement(root) || root.type !== 'div') return undefined;
  const style = root.props.style ?? {};
  const rootFits = only(style, {
    display: (value) => value === 'flex',
    flexDirection: (value) => value === 'column',
    justifyContent: (value) => value === 'center',
    width: (value) => value === box.width,
    height: (value) => value === box.height,
    fontFamily: (value) => typeof value === 'string',
    color: isColour,
  });
  const [column, ...rest] = childrenOf(root);
  if (!rootFits || rest.length || !isElement(column) || column.type !== 'div' || typeof style.fontFamily !== 'string')
    return undefined;
  const columnStyle = column.props.style ?? {};
  const columnFits = only(columnStyle, {
    display: (value) => value === 'flex',
    flexDirection: (value) => value === 'column',
    gap: isNumber,
  });
  if (!columnFits || Object.keys(column.props).some((name) => name !== 'style' && name !== 'children'))
    return undefined;
  const inherited = { family: style.fontFamily, colour: (style.color as string | undefined) ?? '#000000' };
  const blocks: Block[] = [];
  for (const child of childrenOf(column)) {
    if (!isElement(child)) return undefined;
    const text = await paragraphOf(child, inherited, template);
    blocks.push(text ? { text } : { sticker: child });
  }
  return { blocks, gap: (columnStyle.gap as number | undefined) ?? 0, root };
}

/** The parts of a card's text satori draws (a label's pill), by what they show, once a run. */
const stickers = new WeakMap<CardTemplate, Map<string, Promise<Sticker>>>();
/**
 * A sticker's pixels (the part of its painting with BLEED around it that shows) and where they
 * are in that painting, and its height in the column.
 */
interface Sticker {
  raw: Raw;
  left: number;
  top: number;
  height: number;
}

/** A block satori lays out and resvg paints alone, as wide as the column, as high as it is. */
function stickerOf(
  template: CardTemplate,
  root: Element,
  element: Element,
  width: number,
  store: string | undefined,
): Promise<Sticker> {
  const key = JSON.stringify([element, width, root.props.style, root.props.lang]);
  let memo = stickers.get(template);
  if (!memo) stickers.set(template, (memo = new Map()));
  let sticker = memo.get(key);
  if (!sticker) {
    const kept = storedPart(store, template.version, `sticker ${key}`, async () => {
      const { height: _, justifyContent: __, ...style } = root.props.style ?? {};
      // With BLEED around it, as on the text layer satori paints (card-layers.ts `textLayer`).
      const alone: ReactElement = {
        type: 'div',
        key: null,
        props: {
          style: { display: 'flex', padding: BLEED },
          children: {
            type: 'div',
            key: null,
            props: { lang: root.props.lang, style: { ...style, width }, children: element },
          },
        },
      };
      return paintAlone(alone, { width: width + 2 * BLEED, fonts: template.fonts });
    });
    sticker = kept.then((painted) => {
      const { left, top, ...raw } = shownPart(painted!);
      return { raw, left, top, height: painted!.height - 2 * BLEED };
    });
    memo.set(key, sticker);
  }
  return sticker;
}

/**
 * Draws the page's text of a card onto its frame's RGB rows (`card`, `width` wide) in the template's
 * text box; false (nothing drawn) when satori must draw it.
 */
export async function drawText(
  template: CardTemplate,
  props: ShareCardProps,
  box: { left: number; top: number; width: number; height: number },
  card: Raw,
  store?: string,
): Promise<boolean> {
  const column = await columnOf(template, props, box);
  if (!column) return false;
  const heights: number[] = [];
  const parts: Array<{ paragraph: Paragraph; text: Text } | Sticker> = [];
  for (const block of column.blocks) {
    if ('sticker' in block) {
      const sticker = await stickerOf(template, column.root, block.sticker, box.width, store);
      parts.push(sticker);
      heights.push(sticker.height);
      continue;
    }
    const { text, face, style } = block.text;
    const paragraph = layOut(text, box.width, face, style);
    if (!paragraph) return false;
    parts.push({ paragraph, text: block.text });
    heights.push(paragraph.height);
  }
  // Centred in the text box as satori's layout centres the column, each block's top rounded; the
  // glyphs placed from where satori's text layer (the box and BLEED around it) has the block.
  const content = heights.reduce((sum, height) => sum + height, 0) + column.gap * (heights.length - 1);
  let offset = (box.height - content) / 2;
  for (const [index, part] of parts.entries()) {
    const top = Math.round(offset);
    offset += heights[index]! + column.gap;
    if (!('paragraph' in part)) {
      overlay(card.data, card.width, part.raw, box.left - BLEED + part.left, box.top + top - BLEED + part.top);
      continue;
    }
    const { paragraph, text } = part;
    const glyphs = paragraph.glyphsAt({ left: BLEED, top: BLEED + top });
    // The outlines builds before kept: HarfBuzz draws only those of glyphs they did not meet.
    if (store !== undefined) await shelvedOutlines(text.face, { dir: store, version: template.version });
    const laid = await masksOf(text.face, text.style.fontSize, glyphs);
    // The glyphs' coverage on the layer's rows around the block (glyphs reach out of its box), made
    // and laid on with no wait between: two cards are drawn at once, and they share `coverage`.
    coverage.start(box.width + 2 * BLEED, paragraph.height + 2 * BLEED);
    for (const glyph of laid) coverage.add(glyph, { left: 0, top });
    coverage.fill(card.data, card.width, text.colour, { left: box.left - BLEED, top: box.top - BLEED + top });
  }
  return true;
}
