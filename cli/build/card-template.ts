import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ReactNode } from 'react';
import { sharpVersions } from '../images/sharp.ts';
import type { ShareCardProps, textBox } from '../../templates/cards/ShareCard.tsx';

const require = createRequire(import.meta.url);

// JPEG: every network that shows a link's image takes it, and a photo in it stays small. The
// standard Huffman tables, not ones fitted to each card: 8.6 % more bytes (56.7 against 52.2 KB a
// card), 1-3 ms less of a card's 13-16 ms (issue 21); a card is fetched once per share, by a robot.
export const JPEG = { quality: 82, optimiseCoding: false };
// How a card is painted (card-photo.ts), part of its name: another way of drawing it makes another file.
const DRAWING = 'text from glyphs over the frame, photo laid in';

/** A package's version, read from its package.json as a file: not required, so none of its modules is loaded. */
const versionOf = (name: string): string =>
  (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;

/**
 * The packages that lay out, shape, paint and encode a card, with their versions: an upgrade of
 * one may draw other bytes, so it makes a new template version (new cards, new kept parts) as a
 * fresh machine would, not cards kept from before beside cards drawn by the new code.
 */
export const drawingPackages = (): string =>
  JSON.stringify({
    ...Object.fromEntries(['satori', 'harfbuzzjs', '@resvg/resvg-js'].map((name) => [name, versionOf(name)])),
    ...sharpVersions(),
  });

/**
 * The name of everything that decides a card's bytes besides what it shows: the template's code,
 * the fonts, the JPEG settings, the way of drawing and the packages that draw. It names the kept
 * parts (card-layer-store.ts) and, through each card's key, the cards.
 */
export function templateVersion(code: string, fonts: Buffer[], packages = drawingPackages()): string {
  const digest = createHash('sha256').update(code).update(JSON.stringify(JPEG)).update(DRAWING).update(packages);
  for (const woff of fonts) digest.update(woff);
  return digest.digest('hex').slice(0, 16);
}

/** The card template, compiled, with the fonts it is drawn in; `version` is its templateVersion. */
export interface CardTemplate {
  version: string;
  render(props: ShareCardProps): ReactNode;
  fonts: Array<{ name: string; data: Buffer; weight: 400 | 700; style: 'normal' }>;
  /** Where the page's text goes (the template's `textBox`): the rest is drawn once (card-layers.ts). */
  textBox?: typeof textBox;
}
