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

export function makeGeneration(
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
