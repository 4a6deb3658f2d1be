import type { ImageCache, CachedFile } from './cache.ts';
import { decodeSource, encodeFile, type DecodedSource, type EncodeOptions } from './encode.ts';
import { decodeWidth, neededWidth, type SourceInfo, type VariantPlan } from './plan.ts';
import { SVG_KEY } from './describe.ts';

/** Runs a task when one of a few slots is free (pool.ts' createLimiter). */
type Limit = <T>(task: () => Promise<T>) => Promise<T>;

/** Thrown into work that had not started when the build gave up on it. */
export class Cancelled extends Error {
  constructor() {
    super('image work cancelled');
  }
}

export interface MakeContext {
  cache: ImageCache;
  encode: EncodeOptions;
  /** The configured breakpoints: they set the size a source is decoded at (plan.ts decodeWidth). */
  breakpoints: readonly number[];
  /** CPU slots: one decode or encode each. */
  limit: Limit;
  /** Sources being made at once: each holds its decoded pixels until its last file is written. */
  sources: Limit;
  /** True once the build failed elsewhere: work not yet started is dropped. */
  cancelled: () => boolean;
  /** Counts every file encoded. */
  onEncoded: () => void;
}

/**
 * Makes the given files of one source into the cache: SVG copied as is; otherwise the source
 * decoded once (plan.ts decodeWidth) and every file resized from that pixel buffer. Each key's
 * promise is returned at once, so a second name of the same source can join.
 */
export function makeFiles(
  context: MakeContext,
  source: Buffer,
  info: SourceInfo,
  plans: readonly VariantPlan[],
): Map<string, Promise<CachedFile>> {
  const guarded = <T>(task: () => Promise<T>) =>
    context.limit(() => {
      if (context.cancelled()) throw new Cancelled();
      return task();
    });
  if (info.format === 'svg') return new Map([[SVG_KEY, guarded(() => context.cache.putFile(source, 'svg', info))]]);
  const made = context.sources(async () => {
    const width = decodeWidth(info, context.breakpoints);
    const pixels = await guarded(() => decodeSource(source, width < info.width ? width : undefined));
    // A fixed size wider than twice every breakpoint (rare) is made from the whole source.
    let whole: Promise<DecodedSource> | undefined;
    const files = plans.map(async (plan) => {
      const from = neededWidth(plan, info) <= width ? pixels : await (whole ??= guarded(() => decodeSource(source)));
      const data = await guarded(() => encodeFile(from, plan, context.encode));
      context.onEncoded();
      return context.cache.putFile(data, 'webp', plan);
    });
    await Promise.allSettled(files); // the source's slot (and its pixels) are held until the last file
    return files;
  });
  return new Map(plans.map((plan, index) => [plan.key, made.then((files) => files[index] as Promise<CachedFile>)]));
}
