import type { SiteModel } from '../content/types.ts';

/**
 * The site's content bodies (every item's and page's HTML from Markdown: 22 MB of the model's
 * ~28 MB at 4,000 sources) in one SharedArrayBuffer, so that the render workers need no copy of
 * their own: a worker's heap grows to about twice what is live in it, and a copy of the bodies
 * cost a worker ~45 MB and the main thread as much again (bench/RESULTS.md, mem21c).
 * A body is stored as V8 holds it: Latin-1 when every character fits a byte (Markdown HTML in
 * Dutch and English nearly always), UTF-16 otherwise, so it reads back exactly (lone surrogates
 * too) and takes no more room than the string did.
 */
export interface SharedBodies {
  buffer: SharedArrayBuffer;
  /** Per body: start, end (bytes) and 1 when it is stored as UTF-16. */
  spans: Float64Array;
}

/** An object of the model whose `html` is a body: an item's or page's text in one language. */
type Holder = { html: unknown };

/**
 * Each body holder of the model once: the texts, by language, of the items of every collection
 * (arrays, and Maps of pages).
 */
function holders(model: SiteModel, isBody: (html: unknown) => boolean): Holder[] {
  const found = new Set<Holder>();
  for (const part of Object.values(model)) {
    if (!Array.isArray(part) && !(part instanceof Map)) continue;
    for (const item of part.values()) {
      if (!item || typeof item !== 'object') continue;
      for (const text of Object.values(item)) {
        if (text && typeof text === 'object' && Object.hasOwn(text, 'html') && isBody((text as Holder).html))
          found.add(text as Holder);
      }
    }
  }
  return [...found];
}

const WIDE = /[\u0100-\uffff]/;

/** Store every body of the model in one shared buffer; the model is not changed. */
function storeBodies(model: SiteModel): { bodies: SharedBodies; holders: Holder[] } {
  const found = holders(model, (html) => typeof html === 'string');
  const texts = found.map((holder) => holder.html as string);
  const spans = new Float64Array(texts.length * 3);
  let size = 0;
  texts.forEach((text, at) => {
    const wide = WIDE.test(text);
    spans.set([size, size + text.length * (wide ? 2 : 1), wide ? 1 : 0], at * 3);
    size = spans[at * 3 + 1]!;
  });
  const buffer = new SharedArrayBuffer(size);
  const bytes = Buffer.from(buffer);
  texts.forEach((text, at) => {
    bytes.write(text, spans[at * 3]!, spans[at * 3 + 2] ? 'utf16le' : 'latin1');
  });
  return { bodies: { buffer, spans }, holders: found };
}

/** Body `at` read from the shared buffer: a new string at each read (a page reads its body once). */
function bodyAt(bodies: SharedBodies, bytes: Buffer, at: number): string {
  const { spans } = bodies;
  return bytes.toString(spans[at * 3 + 2] ? 'utf16le' : 'latin1', spans[at * 3]!, spans[at * 3 + 1]!);
}

/** Each holder's `html` read from the shared buffer from now on (body `place(holder, index)`): the strings it held can be collected. */
function readFrom(found: Holder[], bodies: SharedBodies, place: (holder: Holder, at: number) => number): void {
  const bytes = Buffer.from(bodies.buffer);
  found.forEach((holder, index) => {
    const at = place(holder, index);
    Object.defineProperty(holder, 'html', {
      get: () => bodyAt(bodies, bytes, at),
      enumerable: true,
      configurable: true,
    });
  });
}

const shared = new WeakMap<SiteModel, { bodies: SharedBodies; holders: Holder[] }>();

/**
 * The model's bodies moved into a shared buffer: the model reads them from it from now on (the
 * same text), and the strings it held can be collected. Once per model.
 */
export function shareBodies(model: SiteModel): void {
  if (shared.has(model)) return;
  const stored = storeBodies(model);
  readFrom(stored.holders, stored.bodies, (_, at) => at);
  shared.set(model, stored);
}

/** Whether `shareBodies` has moved the model's bodies already. */
export const bodiesShared = (model: SiteModel): boolean => shared.has(model);

/**
 * A copy of the model to send to worker threads without its bodies (each body's place in the
 * shared buffer instead), to be completed there by `withBodies`; the model's bodies are shared
 * first if they are not yet.
 */
export function forWorkers(model: SiteModel): { model: SiteModel; bodies: SharedBodies } {
  shareBodies(model);
  const { bodies, holders: found } = shared.get(model)!;
  const place = new Map(found.map((holder, at) => [holder, at]));
  const copies = new Map<unknown, unknown>();
  const copy = (text: unknown): unknown => {
    const at = place.get(text as Holder);
    if (at === undefined) return text;
    if (!copies.has(text)) {
      const descriptors = Object.getOwnPropertyDescriptors(text);
      descriptors.html = { value: at, enumerable: true, configurable: true, writable: true };
      copies.set(text, Object.defineProperties({}, descriptors));
    }
    return copies.get(text);
  };
  const item = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    if (!copies.has(value)) {
      const entries = Object.entries(value).map(([key, text]) => [key, copy(text)] as const);
      const changed = entries.some(([key, text]) => text !== (value as Record<string, unknown>)[key]);
      copies.set(value, changed ? Object.fromEntries(entries) : value);
    }
    return copies.get(value);
  };
  const copied = Object.fromEntries(
    Object.entries(model).map(([name, part]) => {
      if (Array.isArray(part)) return [name, part.map(item)];
      if (part instanceof Map) return [name, new Map([...part].map(([key, value]) => [key, item(value)]))];
      return [name, part];
    }),
  ) as SiteModel;
  return { model: copied, bodies };
}

/** A model copy made by `shareBodies`, sent to this thread, with its bodies read from the shared buffer. */
export function withBodies(model: SiteModel, bodies: SharedBodies): SiteModel {
  readFrom(
    holders(model, (html) => typeof html === 'number'),
    bodies,
    (holder) => holder.html as number,
  );
  return model;
}
