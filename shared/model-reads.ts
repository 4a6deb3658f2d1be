/**
 * What a page's template read of the site model while it rendered (issue 22, point 4): an
 * incremental build re-renders a page only when something it read changed, so what it read is
 * recorded as it reads, never listed by hand (a template that read more than its list said was
 * served stale, silently).
 *
 * A read is named by a key:
 * - `clubs.length`, `news[3]`: an array's length and one position (map, filter and slice read
 *   each position they visit, so a news list page depends on its own ten articles only);
 * - `news@12`: one item by id, from a lookup (templates/lib/lookup.ts), not the positions it
 *   searched;
 * - `pages:home`: one entry of a Map;
 * - `lessons`: a whole part, for anything else (an object read as a whole, a Map iterated).
 * config and strings are not recorded: they belong to every page (the build's global fingerprint).
 *
 * Keys are shared by the build's copy of this module and the templates' bundled copy, hence
 * Symbol.for.
 */
const UNTRACKED = Symbol.for('site.model-reads.untracked');
const RECORD = Symbol.for('site.model-reads.record');
const EVERY_PAGE = new Set(['config', 'strings']);

type Recorder = (key: string) => void;

export interface RecordedModel<M> {
  /** The model to render with: reading it records what is read. */
  model: M;
  /** Every key read so far, sorted. */
  reads(): string[];
}

export function recordReads<M extends object>(model: M): RecordedModel<M> {
  const reads = new Set<string>();
  const record: Recorder = (key) => reads.add(key);
  const parts = new Map<PropertyKey, unknown>();
  const tracked = new Proxy(model, {
    get(target, key) {
      if (key === UNTRACKED) return target;
      if (key === RECORD) return record;
      const value: unknown = Reflect.get(target, key);
      if (typeof key !== 'string' || EVERY_PAGE.has(key)) return value;
      if (!parts.has(key)) parts.set(key, trackPart(key, value, record));
      return parts.get(key);
    },
  });
  return { model: tracked, reads: () => [...reads].sort() };
}

function trackPart(name: string, value: unknown, record: Recorder): unknown {
  if (Array.isArray(value)) {
    return new Proxy(value, {
      get(target, key) {
        if (key === UNTRACKED) return target;
        if (key === 'length') record(`${name}.length`);
        else if (typeof key === 'string' && /^\d+$/.test(key)) record(`${name}[${key}]`);
        return Reflect.get(target, key);
      },
    });
  }
  if (value instanceof Map) {
    // Map methods need the real Map as `this`: hand out bound ones.
    return new Proxy(value, {
      get(target, key) {
        if (key === UNTRACKED) return target;
        if (key === 'get' || key === 'has') {
          return (entry: unknown) => {
            record(`${name}:${String(entry)}`);
            return key === 'get' ? target.get(entry) : target.has(entry);
          };
        }
        record(name);
        const member: unknown = Reflect.get(target, key, target);
        return typeof member === 'function' ? member.bind(target) : member;
      },
    });
  }
  record(name);
  return value;
}

/** The model (or a part of it) without recording: for a lookup that records precisely itself. */
export function untracked<T>(value: T): T {
  return ((value as Record<symbol, unknown> | undefined)?.[UNTRACKED] as T | undefined) ?? value;
}

/** Records a read the model could not see itself (a lookup by id: `news@12`). */
export function recordRead(model: object, key: string): void {
  (model as Record<symbol, Recorder | undefined>)[RECORD]?.(key);
}
