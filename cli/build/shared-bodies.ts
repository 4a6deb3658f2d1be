import type { SiteModel } from '../content/types.ts';

/**
 * The site's content bodies (every item's and page's HTML from Markdown: 22 MB of the model's
 * ~28 MB at 4,000 sources) in SharedArrayBuffers, so that the render workers need no copy of
 * their own: a worker's heap grows to about twice what is live in it, and a copy of the bodies
 * cost a worker ~45 MB and the main thread as much again (bench/RESULTS.md, mem21c).
 * A body is stored as V8 holds it: Latin-1 when every character fits a byte (Markdown HTML in
 * Dutch and English nearly always), UTF-16 otherwise, so it reads back exactly (lone surrogates
 * too) and takes no more room than the string did.
 * A first build's bodies are written there by the worker that renders them (`sharedTexts`,
 * ./markdown-stage.ts): the main thread's model reads them from there from the start, and they
 * are never strings of its heap (issue 21: receiving them, then copying them into one buffer,
 * was ~70 ms of the main thread while the worker waited for the render).
 */
export interface SharedText {
  buffer: SharedArrayBuffer;
  start: number;
  end: number;
  /** Stored as UTF-16 (else Latin-1). */
  wide: boolean;
}

/** The bodies of a model as the workers get them: the buffers, and per body its buffer's index, start, end and 1 when UTF-16. */
export interface SharedBodies {
  buffers: SharedArrayBuffer[];
  spans: Float64Array;
}

/** An object of the model whose `html` is a body: an item's or page's text in one language. */
type Holder = { html: unknown };

const WIDE = /[\u0100-\uffff]/;

/** Texts written one after another into one new shared buffer. */
export function sharedTexts(texts: readonly string[]): SharedText[] {
  let size = 0;
  const spans = texts.map((text) => {
    const wide = WIDE.test(text);
    const start = size;
    size += text.length * (wide ? 2 : 1);
    return { start, end: size, wide };
  });
  const buffer = new SharedArrayBuffer(size);
  const bytes = Buffer.from(buffer);
  texts.forEach((text, at) => bytes.write(text, spans[at]!.start, spans[at]!.wide ? 'utf16le' : 'latin1'));
  return spans.map((span) => ({ buffer, ...span }));
}

/** A shared text's bytes where they lie. */
export const sharedBytes = (text: SharedText): Buffer => viewOf(text.buffer).subarray(text.start, text.end);

/** A shared text as a string: a new one at each read (a page reads its body once). */
export const readShared = (text: SharedText): string =>
  viewOf(text.buffer).toString(text.wide ? 'utf16le' : 'latin1', text.start, text.end);

/** A view of each shared buffer this thread reads, made once. */
const views = new WeakMap<SharedArrayBuffer, Buffer>();
function viewOf(buffer: SharedArrayBuffer): Buffer {
  let view = views.get(buffer);
  if (!view) views.set(buffer, (view = Buffer.from(buffer)));
  return view;
}

/** Where each holder of this thread reads its `html` from (none until the body is there), and what it is until then. */
const places = new WeakMap<Holder, { place: () => SharedText | undefined; otherwise?: () => string }>();

/** A holder's `html`: one getter for all, so that holders given it as they are made keep one shape (`attachBody`). */
function sharedHtml(this: Holder): string {
  const { place, otherwise } = places.get(this)!;
  const text = place();
  if (text) return readShared(text);
  if (!otherwise) throw new Error('a body read before it was in shared memory');
  return otherwise();
}

const SHARED_HTML = { get: sharedHtml, enumerable: true, configurable: true };

/** The holder's `html` read from `place` from now on: from `otherwise` while it gives none. */
function readFrom(holder: Holder, place: () => SharedText | undefined, otherwise?: () => string): void {
  places.set(holder, { place, ...(otherwise ? { otherwise } : {}) });
  Object.defineProperty(holder, 'html', SHARED_HTML);
}

/**
 * The `html` of a text of the model being made (../content/model.ts), its body in shared memory
 * or on its way there (`place` gives none yet, and `otherwise` is the body then): read from there.
 * Added to a text that has no `html` yet, it keeps the texts fast objects of one shape: made an
 * accessor in place, a data property turns its object into a dictionary, whose every read by the
 * templates is slower (bench/RESULTS.md, kept24).
 */
export const attachBody = (holder: object, place: () => SharedText | undefined, otherwise: () => string): void =>
  readFrom(holder as Holder, place, otherwise);

/**
 * A copy of a text of the model with another `html` (a key to store, a body's place for the
 * workers): the one it has is not read (a body in shared memory would be made a string for
 * nothing: 22 MB at 4,000 sources).
 */
export function withHtml<T extends object>(text: T, html: unknown): T {
  const descriptors: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(text);
  descriptors.html = { value: html, enumerable: true, configurable: true, writable: true };
  return Object.defineProperties({}, descriptors) as T;
}

/**
 * Each body holder of the model once: the texts, by language, of the items of every collection
 * (arrays, and Maps of pages). `isBody` is asked of those not attached to shared memory already.
 */
function holders(model: SiteModel, isBody: (html: unknown) => boolean): Holder[] {
  const found = new Set<Holder>();
  for (const part of Object.values(model)) {
    if (!Array.isArray(part) && !(part instanceof Map)) continue;
    for (const item of part.values()) {
      if (!item || typeof item !== 'object') continue;
      for (const text of Object.values(item)) {
        if (!text || typeof text !== 'object' || !Object.hasOwn(text, 'html')) continue;
        if (places.has(text) || isBody((text as Holder).html)) found.add(text as Holder);
      }
    }
  }
  return [...found];
}

const shared = new WeakMap<SiteModel, { bodies: SharedBodies; holders: Holder[] }>();

/**
 * The model's bodies in shared memory: those that are strings are written into a new buffer, and
 * the model reads them from it from now on (the same text; the strings it held can be collected);
 * those attached already stay where they are. `beforeCopy` is called first when there are strings
 * to copy. Once per model.
 */
export function shareBodies(model: SiteModel, beforeCopy?: () => void): void {
  if (shared.has(model)) return;
  const found = holders(model, (html) => typeof html === 'string');
  const strings = found.filter((holder) => !places.has(holder));
  if (strings.some((holder) => (holder.html as string).length)) beforeCopy?.();
  sharedTexts(strings.map((holder) => holder.html as string)).forEach((text, at) => readFrom(strings[at]!, () => text));
  const buffers = new Map<SharedArrayBuffer, number>();
  const spans = new Float64Array(found.length * 4);
  found.forEach((holder, at) => {
    const place = places.get(holder)!.place();
    if (!place) throw new Error('a body shared before it was in shared memory');
    const { buffer, start, end, wide } = place;
    if (!buffers.has(buffer)) buffers.set(buffer, buffers.size);
    spans.set([buffers.get(buffer)!, start, end, wide ? 1 : 0], at * 4);
  });
  shared.set(model, { bodies: { buffers: [...buffers.keys()], spans }, holders: found });
}

/** Whether `shareBodies` has moved the model's bodies already. */
export const bodiesShared = (model: SiteModel): boolean => shared.has(model);

/**
 * A copy of the model to send to worker threads without its bodies (each body's place in the
 * shared buffers instead), to be completed there by `withBodies`; the model's bodies are shared
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
    if (!copies.has(text)) copies.set(text, withHtml(text as Holder, at));
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

/** A model copy made by `forWorkers`, sent to this thread, with its bodies read from the shared buffers. */
export function withBodies(model: SiteModel, bodies: SharedBodies): SiteModel {
  const { buffers, spans } = bodies;
  for (const holder of holders(model, (html) => typeof html === 'number')) {
    const at = (holder.html as number) * 4;
    const buffer = buffers[spans[at]!]!;
    const text = { buffer, start: spans[at + 1]!, end: spans[at + 2]!, wide: spans[at + 3] === 1 };
    readFrom(holder, () => text);
  }
  return model;
}
