import { hash } from 'node:crypto';
import type { SiteModel } from '../content/types.ts';
import { fingerprint, pageId } from './build-state.ts';
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
