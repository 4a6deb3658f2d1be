import { createRequire } from 'node:module';
import type { ReactElement } from 'react';
import type { ShareCardProps } from '../../templates/cards/ShareCard.tsx';
import type { CardTemplate } from './card-template.ts';
import { opaqueRgb, type Raw } from './card-pixels.ts';
import { PHOTO_STAND_IN, photoBox } from './card-photo.ts';
import { loadResvg } from './resvg.ts';
import { storedPart } from './card-layer-store.ts';

/** A site's frame (everything but the page's text) as RGB rows, and where its photo goes. */
export interface Frame extends Raw {
  photo?: { left: number; top: number; box: { width: number; height: number } };
}

const require = createRequire(import.meta.url);
/**
 * satori's CommonJS build, as sharp's (../images/sharp.ts): its ESM build, 1.6 MB, imports in twice
 * the CPU (129-182 ms against 64-71, measured alone). Required when a card's frame, a part of its
 * text or a whole card is first laid out: a build that draws one card in layers from kept parts
 * (card-layer-store.ts) and its text from glyphs (card-text.ts) loads none.
 */
export const satori = () => (require('satori') as typeof import('satori')).default;
// satori drew the text as paths: resvg needs no font, and looking for the system's took half its time.
export const PAINT = { fitTo: { mode: 'original' as const }, font: { loadSystemFonts: false } };

/** The frames of a template by what they show: a site's thousands of cards share two to four. */
const frames = new WeakMap<CardTemplate, Map<string, Promise<Frame | undefined>>>();

/**
 * The card without its text (the site's name, logo, host, background and the photo's place),
 * drawn once per template, site and language, with or without a photo, and kept in `store` (the
 * cards' cache, card-layer-store.ts) for the next build. None when it cannot be a
 * base to lay text over: it lets its background through, or its photo is not a plain box.
 */
export function frameOf(
  template: CardTemplate,
  props: ShareCardProps,
  size: { width: number; height: number },
  store?: string,
): Promise<Frame | undefined> {
  const { title: _, label: __, detail: ___, ...shown } = props;
  const key = JSON.stringify({ ...shown, size, photo: props.photo !== undefined });
  let memo = frames.get(template);
  if (!memo) frames.set(template, (memo = new Map()));
  let frame = memo.get(key);
  if (!frame) {
    frame = storedPart<Frame>(store, template.version, `frame ${key}`, async () => {
      const parts = { ...props, part: 'frame' as const, ...(props.photo ? { photo: PHOTO_STAND_IN } : {}) };
      let svg = await satori()(template.render(parts), { ...size, fonts: template.fonts });
      const placed = props.photo ? photoBox(svg, size) : undefined;
      if (props.photo && !placed) return undefined;
      if (placed) svg = placed.svg;
      const { renderAsync } = await loadResvg();
      const painted = await renderAsync(svg, PAINT);
      const rgb = opaqueRgb(painted.pixels);
      if (!rgb) return undefined;
      const photo = placed && { left: placed.left, top: placed.top, box: placed.box };
      return { data: rgb, width: painted.width, height: painted.height, ...(photo ? { photo } : {}) };
    });
    memo.set(key, frame);
  }
  return frame;
}

/**
 * Glyphs reach a little out of the text's box (a J's hook, an overhanging first letter): the text
 * is painted with this much room around its box.
 */
export const BLEED = 24;

/** The page's text alone, painted on a transparent box: the template's text box and BLEED around it. */
export async function textLayer(
  template: CardTemplate,
  props: ShareCardProps,
  box: { width: number; height: number },
): Promise<Raw> {
  // A plain element (satori reads type and props): no React loaded for it in every build.
  const text: ReactElement = {
    type: 'div',
    key: null,
    props: { style: { display: 'flex', padding: BLEED }, children: template.render({ ...props, part: 'text' }) },
  };
  return paintAlone(text, { width: box.width + 2 * BLEED, height: box.height + 2 * BLEED, fonts: template.fonts });
}

/** `element` laid out by satori and painted by resvg alone, on a transparent box. */
export async function paintAlone(
  element: ReactElement,
  options: Parameters<ReturnType<typeof satori>>[1],
): Promise<Raw> {
  const svg = await satori()(element, options);
  const { renderAsync } = await loadResvg();
  const painted = await renderAsync(svg, PAINT);
  return { data: painted.pixels, width: painted.width, height: painted.height };
}
