import { hash } from 'node:crypto';
import type { SiteModel } from '../content/types.ts';
import { fingerprint, pageId, type BuildState } from './build-state.ts';
import type { PrintInputs } from './build-state-file.ts';
import { bodyKey } from './markdown-stage.ts';
import type { PageRoute } from './types.ts';

/**
 * The digest of each object of a model hashed so far (an item is read under several keys:
 * `news[0]`, `news@12`), for the object's life: an object of a model is never changed once made
 * (a patch makes new ones: ./incremental/content-patch.ts). A build keeps its items' digests with
 * the content state it stores, and a build from that state takes them back (./incremental/stored-state.ts),
 * so that after one edit only the patched item is hashed (the 2,009 others were 35-57 ms at
 * 4,000 sources).
 */
const digests = new WeakMap<object, string>();

/** The digest a page's print takes of this object, if it was taken or given (`keepDigest`). */
export const knownDigest = (value: object): string | undefined => digests.get(value);

/** The digest of an object of a model read back from a store, as the build that stored it took it. */
export const keepDigest = (value: object, digest: string): void => {
  digests.set(value, digest);
};

/** A build's pages as JSON, and its digest, taken once: a list of pages is never changed once made. */
const routeTexts = new WeakMap<readonly PageRoute[], string>();
const routeDigests = new WeakMap<readonly PageRoute[], string>();

/** The pages as JSON: the digest of their routes, and what a stored state keeps of them (./incremental/stored-state.ts). */
export function routesJson(pages: readonly PageRoute[]): string {
  let text = routeTexts.get(pages);
  if (text === undefined) routeTexts.set(pages, (text = JSON.stringify(pages)));
  return text;
}

/** The digest of the pages' routes (`PrintInputs.routes`). */
export function routesDigest(pages: readonly PageRoute[]): string {
  let routes = routeDigests.get(pages);
  if (routes === undefined) routeDigests.set(pages, (routes = hash('sha256', routesJson(pages), 'base64url')));
  return routes;
}

/** The digest of pages read back from a store, as the build that stored them took it (`routesDigest`). */
export const keepRoutesDigest = (pages: readonly PageRoute[], routes: string): void => {
  routeDigests.set(pages, routes);
};

/**
 * A page's fingerprint from what its template read while it rendered (shared/model-reads.ts):
 * the page itself, and the value each read key names in a model. The next build takes the same
 * keys in its own model; an equal fingerprint means the page would render the same.
 */
export class PagePrinter {
  private readonly hashes = new Map<string, string>();
  private readonly byId = new Map<string, Map<number, unknown>>();

  constructor(
    private readonly model: SiteModel,
    private readonly global: string,
  ) {}

  print(page: PageRoute, reads: readonly string[]): string {
    return fingerprint(this.global, { page, reads: reads.map((key) => [key, this.valueHash(key)]) });
  }

  /** Fingerprints of the pages whose reads are known (a page without any is rendered again). */
  printsOf(pages: readonly PageRoute[], reads: Record<string, string[]> | undefined): Record<string, string> {
    const prints: Record<string, string> = {};
    for (const page of pages) {
      const known = reads?.[pageId(page)];
      if (known) prints[pageId(page)] = this.print(page, known);
    }
    return prints;
  }

  /**
   * The prints of the pages by what each read in the build before (`previous.reads`): that build's
   * print of the page when it was taken of the same text (the same site-wide part, the same routes,
   * each key read hashing as it did then: `previous.printed`), else taken again. After one edit at
   * 4,000 sources, most of the 4,488 pages read nothing that changed, and their texts' JSON and
   * hashes were ~60 ms of the build.
   */
  printsBefore(
    pages: readonly PageRoute[],
    previous: Pick<BuildState, 'pages' | 'reads' | 'printed'>,
  ): Record<string, string> {
    const { printed } = previous;
    const values =
      printed?.global === this.global && typeof printed.values === 'object' && printed.routes === routesDigest(pages)
        ? printed.values
        : undefined;
    const prints: Record<string, string> = {};
    for (const page of pages) {
      const id = pageId(page);
      const reads = previous.reads[id];
      if (!reads) continue;
      const before = previous.pages[id];
      const same = before !== undefined && values && reads.every((key) => this.valueHash(key) === values[key]);
      prints[id] = same ? before : this.print(page, reads);
    }
    return prints;
  }

  /** What this build's prints were taken of, for the next build's `printsBefore`: the pages, and the keys `reads` name. */
  printed(pages: readonly PageRoute[], reads: Record<string, readonly string[]>): PrintInputs {
    const values = new Map<string, string>();
    for (const keys of Object.values(reads)) for (const key of keys) values.set(key, this.valueHash(key));
    return { global: this.global, routes: routesDigest(pages), values: Object.fromEntries(values) };
  }

  private valueHash(key: string): string {
    let hash = this.hashes.get(key);
    if (hash === undefined) {
      const value = this.value(key);
      if (value && typeof value === 'object') {
        hash = digests.get(value);
        if (hash === undefined) digests.set(value, (hash = digest(value)));
      } else hash = digest(value);
      this.hashes.set(key, hash);
    }
    return hash;
  }

  /** What a read key (shared/model-reads.ts) names in this model. */
  private value(key: string): unknown {
    const part = (name: string): unknown => (this.model as unknown as Record<string, unknown>)[name];
    let match = /^([\w-]+)\.length$/.exec(key);
    if (match) return (part(match[1]!) as unknown[] | undefined)?.length;
    match = /^([\w-]+)\[(\d+)\]$/.exec(key);
    if (match) return (part(match[1]!) as unknown[] | undefined)?.[Number(match[2])];
    match = /^([\w-]+)@(\d+)$/.exec(key);
    if (match) return this.item(match[1]!, Number(match[2]));
    match = /^([\w-]+):(.*)$/s.exec(key);
    if (match) return (part(match[1]!) as Map<string, unknown> | undefined)?.get(match[2]!);
    return part(key);
  }

  private item(collection: string, id: number): unknown {
    let index = this.byId.get(collection);
    if (!index) {
      const items = ((this.model as unknown as Record<string, unknown>)[collection] ?? []) as Array<{
        id?: number;
        nl?: { data: { id: number } };
      }>;
      index = new Map(items.map((item) => [item.id ?? item.nl!.data.id, item]));
      this.byId.set(collection, index);
    }
    return index.get(id);
  }
}

/**
 * What a value of the model contributes to a print: a text's body by its Markdown's key (the
 * HTML, tens of MB in all, is a function of it: cli/content/model.ts), a Map (the pages of text,
 * read whole when a template iterates them) by its entries.
 */
function printable(this: unknown, name: string, item: unknown): unknown {
  if (name === 'html' && typeof item === 'string') {
    const key = bodyKey(this as never);
    if (key !== undefined) return { markdown: key };
  }
  return item instanceof Map ? [...item] : item;
}

function digest(value: unknown): string {
  const text = JSON.stringify(value, printable);
  return hash('sha256', text ?? 'undefined', 'base64url');
}
