import { globalFingerprint } from '../build-state.ts';
import type { CompiledTemplates } from '../compile-templates.ts';
import type { Assets } from '../../../templates/render-input.ts';
import type { ImageLookup } from '../../../shared/images.ts';
import type { ContentState } from './content-state.ts';

/**
 * One renderable version of the site: every part a page is made from. A rebuild makes a new one;
 * requests in flight keep the one they started with.
 */
export interface Generation {
  number: number;
  state: ContentState;
  templates: CompiledTemplates;
  assets: Assets;
  images: ImageLookup;
  buildDate: string;
  /**
   * What every page reads, as the build's global fingerprint, without the stylesheet's URL: a
   * CSS-only change swaps the stylesheet in the open page instead of reloading it.
   */
  global: string;
}

function makeGeneration(
  number: number,
  parts: Omit<Generation, 'number' | 'global' | 'buildDate'>,
  previous: Generation | undefined,
): Generation {
  const buildDate = new Date().toISOString().slice(0, 10);
  // The very same objects as last time (a content edit changes none of them): the same global
  // part, without serialising config, strings and image lookup again (a few ms on a large site).
  const same =
    previous !== undefined &&
    previous.buildDate === buildDate &&
    previous.templates.hash === parts.templates.hash &&
    previous.assets.islands === parts.assets.islands &&
    previous.assets.cardVersion === parts.assets.cardVersion &&
    previous.images === parts.images &&
    previous.state.config === parts.state.config &&
    previous.state.model.strings === parts.state.model.strings;
  const { islands, cardVersion } = parts.assets;
  const global = same
    ? previous.global
    : globalFingerprint({
        templatesHash: parts.templates.hash,
        assets: { islands, cardVersion },
        buildDate,
        config: parts.state.config,
        strings: parts.state.model.strings,
        images: parts.images,
      });
  return { number, ...parts, buildDate, global };
}

const NO_ISLANDS: Record<string, string> = {};

/** The parts a session holds now; any may be missing while it does not compile. */
export interface SessionParts {
  state: ContentState | undefined;
  templates: CompiledTemplates | undefined;
  css: { path: string } | undefined;
  islands: { manifest: Record<string, string> } | undefined;
  cards: { version: string } | undefined;
  images: ImageLookup;
}

/**
 * A new generation when any part pages are made of changed, the previous one otherwise; none
 * before the content, the templates and the stylesheet were good once.
 */
export function nextGeneration(previous: Generation | undefined, parts: SessionParts): Generation | undefined {
  const { state, templates, css, islands, cards, images } = parts;
  if (!state || !templates || !css) return previous;
  const islandsManifest = islands?.manifest ?? NO_ISLANDS;
  // Without a card template that compiles, pages still render (its problem is on the overlay).
  const cardVersion = cards?.version ?? 'none';
  const same =
    previous &&
    previous.state === state &&
    previous.templates === templates &&
    previous.assets.css === css.path &&
    previous.assets.islands === islandsManifest &&
    previous.assets.cardVersion === cardVersion &&
    previous.images === images;
  if (same) return previous;
  const assets = { css: css.path, islands: islandsManifest, cardVersion };
  return makeGeneration((previous?.number ?? 0) + 1, { state, templates, assets, images }, previous);
}
