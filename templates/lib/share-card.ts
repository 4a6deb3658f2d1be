import { hash } from 'node:crypto';
import type { Locale } from '../../shared/locale.ts';
import type { FocalPoint } from '../../shared/focal-point.ts';
import { CARD_HEIGHT, CARD_WIDTH } from '../cards/ShareCard.tsx';

/** What a page's social card shows; the card stage (cli/build/cards.ts) draws it. */
export interface CardRequest {
  locale: Locale;
  title: string;
  label?: string;
  detail?: string;
  /** The page's photo: its image name, one of its encoded files (whose name changes with its bytes) and the spot the card's crop keeps. */
  photo?: { name: string; version: string; focus?: FocalPoint };
  /** The site's name, host and colours (site.config.yaml): on every card, so part of its key. */
  site: { name: string; host: string; colors: { dark: string; light: string; accent: string; muted: string } };
}

/** A card as pages refer to it: where it will be, how big, and what it says. */
export interface CardImage {
  /** /cards/<page>.<key>.jpg: the key changes with anything drawn, so it can be cached for ever. */
  src: string;
  /** Names the card in the stage's cache. */
  key: string;
  width: number;
  height: number;
  alt: string;
  request: CardRequest;
}

/** What rendering a page found out that the build needs afterwards (its card). */
export interface PageFound {
  card?: CardImage;
}

/** The first part of a page's card file name: readable, from its canonical path. */
export const cardName = (canonical: string): string =>
  canonical === '/'
    ? 'home'
    : canonical
        .slice(1)
        .replace(/[^a-z0-9]+/gi, '-')
        .toLowerCase();

/**
 * The card of a page, named before it is drawn: pages render while the card stage draws (or finds
 * in its cache) the images. `version` stands for the card template and its fonts.
 */
export function cardImage(request: CardRequest, canonical: string, version: string): CardImage {
  // One-shot: a Hash object per page costs more than the digest of its few hundred bytes.
  const key = hash('sha256', version + JSON.stringify(request), 'base64url')
    .slice(0, 16)
    .replace(/[-_]/g, '0');
  const name = cardName(canonical);
  return {
    src: `/cards/${name}.${key}.jpg`,
    key,
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    alt: `${request.label ? `${request.label}: ` : ''}${request.title}${request.detail ? ` (${request.detail})` : ''}`,
    request,
  };
}
