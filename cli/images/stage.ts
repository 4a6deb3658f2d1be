import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { SiteConfig } from '../config/schema.ts';
import { problem, SiteError, type Problem } from '../errors/site-error.ts';
import { ImageCache, type CacheEntry, type CachedFile } from './cache.ts';
import { fingerprint, sha256 } from './fingerprint.ts';
import { encodeFile, encodeKey, makePlaceholder, readSourceInfo, type EncodeOptions } from './encode.ts';
import { planVariants, type SourceInfo, type VariantPlan } from './plan.ts';
import { createLimiter, runLimited } from './pool.ts';
import { publishFile } from './publish.ts';
import { describeImage, publicName } from './describe.ts';
import type { FixedSize, ImageLookup } from './types.ts';

export interface ProcessImagesOptions {
  root: string;
  config: SiteConfig;
  /** Image name to its project-relative source file, e.g. content/images/court-clay-1.jpg. */
  images: ReadonlyMap<string, string>;
  /** Names the site shows; only these are made. */
  used: ReadonlySet<string>;
  /** The dist/public being built: files go to publicDir/images/. */
  publicDir: string;
  /** <root>/.site/cache/images: survives dist/ being deleted. */
  cacheDir: string;
  onProgress?: (done: number, total: number) => void;
  /** Fixed CSS sizes (avatars, thumbnails) per image name: each gets one file per density. */
  fixed?: ReadonlyMap<string, readonly FixedSize[]>;
  /** Encodes running at once; default: the machine's cores (see bench/RESULTS.md). */
  concurrency?: number;
  /** libvips threads per encode; default 1 (see bench/RESULTS.md). */
  threads?: number;
}

export interface ProcessImagesResult {
  lookup: ImageLookup;
  /** Images that needed any encoding this run. */
  made: number;
  /** Images taken whole from the cache. */
  cached: number;
  /** Bytes of the files written to publicDir/images. */
  bytes: number;
  /** Files encoded this run (webp files and placeholders): zero on an unchanged rebuild. */
  encoded: number;
}

/** Everything one image needs, worked out before any encoding. */
interface Work {
  name: string;
  file: string;
  /** The source's bytes; empty when nothing is to be made from them. */
  source: Buffer;
  hash: string;
  entry: CacheEntry;
  info: SourceInfo;
  plans: VariantPlan[];
  placeholderKey: string | undefined;
  /** Variant keys (and 'placeholder') still to make. */
  missing: string[];
  /** The cache entry must be written: something was made or read afresh. */
  dirty: boolean;
}

const SVG_KEY = 'svg';
const PLACEHOLDER = 'placeholder';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]?.trim() || 'unknown error';

/**
 * The image stage: webp at every breakpoint (and 1x/2x for fixed sizes), a blurred placeholder,
 * content-hashed names, all from a cache keyed by source bytes plus settings. Unchanged images
 * cost one read and one hash; nothing is decoded. Every unreadable source is reported at once.
 */
export async function processImages(options: ProcessImagesOptions): Promise<ProcessImagesResult> {
  const { config, publicDir } = options;
  const settings = config.images;
  const encode: EncodeOptions = { quality: settings.quality, effort: settings.effort };
  const fileKey = encodeKey({ format: settings.format, ...encode });
  const placeholderKey = encodeKey({ placeholder: settings.placeholder });
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism());
  // Parallelism comes from running images side by side, each encode on one libvips thread:
  // measured faster on 2 cores than fewer jobs with more threads each (bench/RESULTS.md).
  // (libvips' thread count is process-wide: put back whatever the rest of the process had.)
  const previousThreads = sharp.concurrency();
  sharp.concurrency(Math.max(1, options.threads ?? 1));
  const limit = createLimiter(concurrency);
  const cache = new ImageCache(options.cacheDir);

  const names = [...options.used].sort();
  const total = names.length;
  const lookup: ImageLookup = {};
  const problems: Problem[] = [];
  const published = new Map<string, number>();
  let done = 0;
  let made = 0;
  let encoded = 0;
  options.onProgress?.(0, total);

  const prepare = async (name: string): Promise<Work | undefined> => {
    const file = options.images.get(name);
    if (file === undefined) {
      problems.push(problem('IMAGE_NOT_FOUND', { field: 'image', name }, { field: 'image' }));
      return undefined;
    }
    try {
      const path = join(options.root, file);
      const print = await fingerprint(path);
      const hash = print.hash;
      let data = print.data;
      // The bytes are read only when there is work; they must still be the bytes the key was made of.
      const source = async () => {
        data ??= await readFile(path);
        if (sha256(data) !== hash) throw new Error('the file changed while the build read it; build again');
        return data;
      };
      const entry = await cache.readEntry(hash);
      const known = entry.info;
      let info: SourceInfo;
      if (known) info = known;
      else {
        const bytes = await source();
        info = await limit(() => readSourceInfo(bytes));
      }
      entry.info = info;
      const plans: VariantPlan[] = info.format === 'svg' ? [] : planVariants(info, { ...settings, encodeKey: fileKey }, options.fixed?.get(name));
      const wantsPlaceholder = info.format !== 'svg' && !info.transparent;
      const keys = info.format === 'svg' ? [SVG_KEY] : [...new Set(plans.map((plan) => plan.key))];
      const verified = await Promise.all(keys.map(async (key) => (entry.files[key] ? cache.verify(entry.files[key]) : false)));
      const missing = keys.filter((_, index) => !verified[index]);
      if (wantsPlaceholder && !entry.placeholders[placeholderKey]?.startsWith('data:image/webp;base64,')) missing.push(PLACEHOLDER);
      return { name, file, source: missing.length ? await source() : Buffer.alloc(0), hash, entry, info, plans, placeholderKey: wantsPlaceholder ? placeholderKey : undefined, missing, dirty: !known || missing.length > 0 };
    } catch (error) {
      problems.push(problem('IMAGE_UNREADABLE', { file, problem: reason(error) }, { location: { file } }));
      return undefined;
    }
  };

  /** Makes one missing piece: a webp file, the placeholder, or the copy of an SVG. */
  const makeOnce = async (work: Work, key: string): Promise<CachedFile | string> => {
    if (key === SVG_KEY) return cache.putFile(work.source, 'svg', work.info); // vector: published as is
    encoded++;
    if (key === PLACEHOLDER) return limit(() => makePlaceholder(work.source, settings.placeholder));
    const plan = work.plans.find((candidate) => candidate.key === key) as VariantPlan;
    const size = plan.kind === 'fixed' && plan.height !== undefined ? { width: plan.width, height: plan.height } : { width: plan.width };
    const output = await limit(() => encodeFile(work.source, size, encode));
    return cache.putFile(output.data, 'webp', output);
  };

  // The same source under two names is made once: the second name waits for the first's work.
  const pieces = new Map<string, Promise<CachedFile | string>>();
  /** Makes (or joins the making of) one piece and records it in this image's entry; true if it started the work. */
  const makePiece = async (work: Work, key: string): Promise<boolean> => {
    const id = `${work.hash}/${key}`;
    const running = pieces.get(id);
    const piece = running ?? makeOnce(work, key);
    if (!running) pieces.set(id, piece);
    const value = await piece;
    if (typeof value === 'string') work.entry.placeholders[placeholderKey] = value;
    else work.entry.files[key] = value;
    return !running && key !== SVG_KEY;
  };

  const processOne = async (name: string): Promise<void> => {
    try {
      await finishOne(name);
    } finally {
      options.onProgress?.(++done, total);
    }
  };

  const finishOne = async (name: string): Promise<void> => {
    const work = await prepare(name);
    if (!work) return;
    const results = await Promise.allSettled(work.missing.map((key) => makePiece(work, key)));
    const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) {
      problems.push(problem('IMAGE_UNREADABLE', { file: work.file, problem: reason(failure.reason) }, { location: { file: work.file } }));
      return;
    }
    if (results.some((result) => result.status === 'fulfilled' && result.value)) made++;
    if (work.dirty) await cache.writeEntry(work.hash, work.entry);
    const files = new Map<string, CachedFile>(Object.entries(work.entry.files));
    await Promise.all(
      [...files].filter(([key]) => key === SVG_KEY || work.plans.some((plan) => plan.key === key)).map(async ([key, cached]) => {
        const target = publicName(name, key, cached);
        if (published.has(target)) return;
        published.set(target, cached.bytes);
        await publishFile(cache.filePath(cached), join(publicDir, 'images', target));
      }),
    );
    lookup[name] = describeImage(work, files, work.placeholderKey ? (work.entry.placeholders[work.placeholderKey] ?? '') : '');
  };

  // A few more images in flight than encode slots, so reading and hashing the next source overlaps
  // the encoding of this one, without holding every source in memory on a cold build.
  const outcomes = await runLimited(names, concurrency * 2, processOne).finally(() => sharp.concurrency(previousThreads));
  for (const outcome of outcomes) if (!outcome.ok) throw outcome.error; // a bug here, not a bad image
  if (problems.length) {
    throw new SiteError(problems.sort((a, b) => (a.location?.file ?? '').localeCompare(b.location?.file ?? '')));
  }
  const bytes = [...published.values()].reduce((sum, size) => sum + size, 0);
  // By name, not by which encode finished first: the same images give the same lookup every build.
  const byName: ImageLookup = Object.fromEntries(Object.entries(lookup).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { lookup: byName, made, cached: names.length - made, bytes, encoded };
}
