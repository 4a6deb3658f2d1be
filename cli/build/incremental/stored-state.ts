import { deserialize, serialize } from 'node:v8';
import { collections } from '../../content/kinds.ts';
import type { ByLocale, Localized, SiteModel } from '../../content/types.ts';
import type { ValidContent } from '../../content/validate.ts';
import { bodyKey, restoreBodyKey } from '../markdown-stage.ts';
import type { ContentState } from './content-state.ts';

/** A content state without its request index (`site dev`'s): what a build keeps for the next. */
export type CheckedState = Omit<ContentState, 'index'>;

type Texts = Map<string, ByLocale<unknown>> | Array<ByLocale<unknown>>;

/** Every text of the model: each item's, in each language. */
function* textsOf(model: SiteModel): Generator<Localized<unknown>> {
  for (const collection of collections) {
    const texts = model[collection] as Texts;
    for (const { nl, en } of texts instanceof Map ? texts.values() : texts) yield* [nl, en];
  }
}

/**
 * The state as kept between builds: each text's HTML as the key of its Markdown (the HTML is in
 * the Markdown cache by that key: 23 of 31 MB at 4,000 sources, 20-30 MB more at the build's
 * peak of memory), and the validated items without their bodies (20 MB; their data says which
 * images the site shows). Copies of the texts and items, the rest shared: taken before the
 * session is let go of, stored once the pages are written (../build-changed.ts). None when a
 * text's Markdown is not known.
 */
export function storableState(state: CheckedState): CheckedState | undefined {
  // Named, not spread: a state of the session has `site dev`'s request index too, made when read.
  const { config, content, model, pages, redirects, warnings, nextScheduled } = state;
  let unknown = false;
  const withKey = (text: Localized<unknown>): Localized<unknown> => {
    const key = bodyKey(text);
    if (key === undefined) unknown = true;
    return { ...text, html: key ?? '' };
  };
  const keyed = { ...model } as Record<string, unknown>;
  const bodiless = { ...content } as Record<string, unknown>;
  for (const collection of collections) {
    const texts = model[collection] as Texts;
    const each = ({ nl, en }: ByLocale<unknown>) => ({ nl: withKey(nl), en: withKey(en) });
    keyed[collection] =
      texts instanceof Map ? new Map([...texts].map(([name, item]) => [name, each(item)])) : texts.map(each);
    bodiless[collection] = content[collection].map(({ nl, en }) => ({
      nl: { ...nl, body: '' },
      en: { ...en, body: '' },
    }));
  }
  if (unknown) return undefined;
  const checked = { config, content: bodiless as ValidContent, model: keyed as SiteModel, pages, redirects, warnings };
  return { ...checked, ...(nextScheduled ? { nextScheduled } : {}) };
}

/** A storable state's bytes: v8's serialization (JSON's parse took longer, and has no Maps). */
export const storedState = (storable: CheckedState): Buffer => serialize(storable);

/** A stored state read back, its texts' HTML still their keys; none when its bytes are not one. */
export function readState(payload: Buffer): CheckedState | undefined {
  try {
    const state = deserialize(payload) as CheckedState;
    return state && typeof state === 'object' && state.model && state.content ? state : undefined;
  } catch {
    return undefined;
  }
}

/** The keys of the HTML a stored state's texts need. */
export const storedKeys = (stored: CheckedState): Set<string> =>
  new Set(Array.from(textsOf(stored.model), (text) => text.html));

/**
 * The state with each text's HTML in place of its key, the key kept for the page prints
 * (../page-prints.ts); none when a key has no HTML. Its validated items have no bodies: the state
 * is for the build's pages, and a patch (./content-patch.ts) reads the edited files again.
 */
export function restoredState(
  stored: CheckedState,
  html: (key: string) => string | undefined,
): CheckedState | undefined {
  for (const text of textsOf(stored.model)) {
    const key = text.html;
    const found = html(key);
    if (found === undefined) return undefined;
    text.html = found;
    restoreBodyKey(text, key);
  }
  return stored;
}
