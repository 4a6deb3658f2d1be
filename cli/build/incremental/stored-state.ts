import { deserialize, serialize } from 'node:v8';
import { collections } from '../../content/kinds.ts';
import type { ByLocale, Localized, SiteModel } from '../../content/types.ts';
import type { ValidContent } from '../../content/validate.ts';
import { bodyKey, restoreBodyKey } from '../markdown-stage.ts';
import { withHtml } from '../shared-bodies.ts';
import { keepDigest, keepRoutesDigest, knownDigest, routesDigest, routesJson } from '../page-prints.ts';
import type { ContentState } from './content-state.ts';

/** A content state without its request index (`site dev`'s): what a build keeps for the next. */
export type CheckedState = Omit<ContentState, 'index'>;

type Texts = Map<string, ByLocale<unknown>> | Array<ByLocale<unknown>>;

/**
 * The digests the pages' prints took of the model's parts and of their items, by part ('' where
 * none was taken), kept beside the state (../page-prints.ts `knownDigest`).
 */
type Digests = Record<string, { part: string; items: string[] }>;

/** A stored state read back: with the digests stored beside it. */
type Stored = CheckedState & { digests?: Digests };

/**
 * A stored state as its bytes hold it: its pages and redirects as UTF-8 JSON (plain data of this
 * tool's making, 13,000 and 12,000 small objects at 4,000 sources: the state read back in ~20 ms
 * less than v8 deserializes them; as JSON strings, no less, a string with one character beyond
 * Latin-1 being two bytes a character).
 */
type Payload = Omit<Stored, 'pages' | 'redirects'> & {
  pages: Buffer;
  redirects: Buffer;
  /** The pages' digest the prints take (../page-prints.ts `routesDigest`): the pages of a build after one edit are these. */
  routes?: string;
};

/** Each copy `storableState` makes of a part of the model or an item, to what it copies. */
const originals = new WeakMap<object, object>();
const copyOf = <T extends object>(original: object, copy: T): T => {
  originals.set(copy, original);
  return copy;
};

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
    return withHtml(text, key ?? '');
  };
  const keyed = { ...model } as Record<string, unknown>;
  const bodiless = { ...content } as Record<string, unknown>;
  for (const collection of collections) {
    const texts = model[collection] as Texts;
    const each = (item: ByLocale<unknown>) => copyOf(item, { nl: withKey(item.nl), en: withKey(item.en) });
    keyed[collection] = copyOf(
      texts,
      texts instanceof Map ? new Map([...texts].map(([name, item]) => [name, each(item)])) : texts.map(each),
    );
    bodiless[collection] = content[collection].map(({ nl, en }) => ({
      nl: { ...nl, body: '' },
      en: { ...en, body: '' },
    }));
  }
  if (unknown) return undefined;
  const checked = { config, content: bodiless as ValidContent, model: keyed as SiteModel, pages, redirects, warnings };
  return { ...checked, ...(nextScheduled ? { nextScheduled } : {}) };
}

/**
 * A storable state's bytes: v8's serialization (JSON's parse of the whole took longer, and has no
 * Maps), its pages and redirects as JSON (the pages' the one their prints' digest was taken of),
 * with the digests of its model's parts and items the build's page prints took by now (stored
 * once the pages are written: ../build-changed.ts).
 */
export const storedState = (storable: CheckedState): Buffer =>
  serialize({
    ...storable,
    pages: Buffer.from(routesJson(storable.pages)),
    redirects: Buffer.from(JSON.stringify(storable.redirects)),
    digests: digestsOf(storable.model),
    routes: routesDigest(storable.pages),
  } satisfies Payload);

/** Each part of a model by name, with its items when it is a list or a Map. */
const partsOf = (model: SiteModel): Array<[name: string, part: unknown, items: unknown[]]> =>
  Object.entries(model).map(([name, part]: [string, unknown]) => [
    name,
    part,
    Array.isArray(part) ? part : part instanceof Map ? [...part.values()] : [],
  ]);

function digestsOf(model: SiteModel): Digests {
  const digestOf = (value: unknown): string =>
    value && typeof value === 'object' ? (knownDigest(originals.get(value) ?? value) ?? '') : '';
  return Object.fromEntries(
    partsOf(model).map(([name, part, items]) => [name, { part: digestOf(part), items: items.map(digestOf) }]),
  );
}

/** Each digest of a stored state given back to the part or item of the model read back it is of. */
function keepDigests(model: SiteModel, digests: Digests | undefined): void {
  const keep = (value: unknown, digest: string | undefined) => {
    if (digest && value && typeof value === 'object') keepDigest(value, digest);
  };
  for (const [name, part, items] of partsOf(model)) {
    keep(part, digests?.[name]?.part);
    items.forEach((item, at) => keep(item, digests?.[name]?.items[at]));
  }
}

/** A stored state read back, its texts' HTML still their keys; none when its bytes are not one. */
export function readState(payload: Buffer): Stored | undefined {
  try {
    const state = deserialize(payload) as Payload;
    if (!state || typeof state !== 'object' || !state.model || !state.content) return undefined;
    if (!Buffer.isBuffer(state.pages) || !Buffer.isBuffer(state.redirects)) return undefined;
    const pages = JSON.parse(state.pages.toString('utf8')) as Stored['pages'];
    const redirects = JSON.parse(state.redirects.toString('utf8')) as Stored['redirects'];
    if (!Array.isArray(pages) || !Array.isArray(redirects)) return undefined;
    const { routes, ...rest } = state;
    if (typeof routes === 'string') keepRoutesDigest(pages, routes);
    return { ...rest, pages, redirects };
  } catch {
    return undefined;
  }
}

/** The keys of the HTML a stored state's texts need. */
export const storedKeys = (stored: CheckedState): Set<string> =>
  new Set(Array.from(textsOf(stored.model), (text) => text.html));

/** The HTML of the texts of a stored state by their keys: the Markdown cache's (../markdown-cache.ts). */
export interface StoredBodies {
  has(key: string): boolean;
  get(key: string): string | undefined;
}

/**
 * The state with each text's HTML in place of its key, the key kept for the page prints
 * (../page-prints.ts), as are the digests stored with it; none when a key has no HTML. Each HTML
 * is taken from `bodies` when first read (a build after one edit reads a few). Its validated
 * items have no bodies: the state is for the build's pages, and a patch (./content-patch.ts)
 * reads the edited files again.
 */
export function restoredState(stored: Stored, bodies: StoredBodies): CheckedState | undefined {
  for (const text of textsOf(stored.model)) {
    const key = text.html;
    if (!bodies.has(key)) return undefined;
    restoreBodyKey(text, key);
    // In its place among the text's properties (a digest stringifies them in order), a value once read.
    Object.defineProperty(text, 'html', {
      get() {
        const html = bodies.get(key)!;
        Object.defineProperty(text, 'html', { value: html, writable: true, enumerable: true, configurable: true });
        return html;
      },
      enumerable: true,
      configurable: true,
    });
  }
  const { digests, ...state } = stored;
  keepDigests(state.model, digests);
  return state;
}
