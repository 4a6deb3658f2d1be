import type { SiteModel } from '../cli/content/types.ts';
import type { PageRoute } from '../cli/routes/types.ts';
import type { ImageLookup } from '../shared/images.ts';

// What the build hands the templates (cli/build/render.ts, cli/build/worker.ts): the templates'
// side of the contract, so the templates need nothing of the build's own code.

/** Public URLs of the built assets that pages refer to. */
export interface Assets {
  /** Stylesheet URL, content-hashed. */
  css: string;
  /** Island name to its entry script URL (content-hashed); empty until islands exist. */
  islands: Record<string, string>;
  /** The social card template and fonts, hashed: part of every card's name (templates/lib/share-card.ts). */
  cardVersion: string;
}

/** Everything a template needs to render one page; plain data, so it can cross to a worker. */
export interface RenderInput {
  page: PageRoute;
  model: SiteModel;
  images: ImageLookup;
  assets: Assets;
  /** The day the site was built (YYYY-MM-DD...): the footer's year, the sign-up window as built. */
  buildDate: string;
}
