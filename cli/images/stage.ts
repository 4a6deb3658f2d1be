import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { libvipsThreads } from './sharp.ts';
import type { SiteConfig } from '../../shared/config.ts';
import { problem, SiteError, type Problem } from '../errors/site-error.ts';
import { ImageCache, type CacheEntry, type CachedFile } from './cache.ts';
import { fingerprint, sha256 } from './fingerprint.ts';
import { encodeKey, makePlaceholder, readSourceInfo, type EncodeOptions } from './encode.ts';
import { readFocus } from './focus-file.ts';
import type { FocalPoint } from '../../shared/focal-point.ts';
import { planVariants, type SourceInfo, type VariantPlan } from './plan.ts';
import { createLimiter, runLimited } from './pool.ts';
import { describeImage, plannedFiles, type PlannedFile } from './describe.ts';
import { Cancelled, makeFiles, type MakeContext } from './make.ts';
import { publishAll } from './publish.ts';
import { FolderWriter } from '../build/folder-writer.ts';
import type { FixedSize, ImageLookup } from '../../shared/images.ts';

export interface StartImagesOptions {
  root: string;
  config: SiteConfig;
  /** Image name to its project-relative source file, e.g. content/images/court-clay-1.jpg. */
  images: ReadonlyMap<string, string>;
  /** Names the site shows; only these are made. */
  used: ReadonlySet<string>;
  /** <root>/.site/cache/images: survives dist/ being deleted. */
  cacheDir: string;
  onProgress?: (done: number, total: number) => void;
  /** Fixed CSS sizes (avatars, thumbnails) per image name: each gets one file per density. */
  fixed?: ReadonlyMap<string, readonly FixedSize[]>;
  /** Decodes and encodes running at once; default: the machine's cores (see bench/RESULTS.md). */
  concurrency?: number;
  /** libvips threads per encode; default 1 (see bench/RESULTS.md). */
  threads?: number;
}

export interface ProcessImagesOptions extends StartImagesOptions {
  /** The dist/public being built: files go to publicDir/images/. */
  publicDir: string;
}

export interface ImageTotals {
  /** Images that needed any encoding this run. */
  made: number;
  /** Images taken whole from the cache. */
  cached: number;
  /** Files encoded this run (webp files and placeholders): zero on an unchanged rebuild. */
  encoded: number;
  /** From the start of the work to the last file published. */
  ms: number;
}

export interface ProcessImagesResult extends ImageTotals {
  lookup: ImageLookup;
  /** Bytes of the files written to publicDir/images. */
  bytes: number;
}

/**
 * Image work under way. The lookup (every URL, size and placeholder) is ready as soon as each
 * source is read and planned, long before its files are encoded, so pages render meanwhile.
 */
export interface ImageWork {
  /** Rejects with every unreadable or missing image at once. */
  readonly lookup: Promise<ImageLookup>;
  /** Settles (never rejects) once every file is encoded, or failed: finish then only links them in. */
  readonly encoded: Promise<void>;
  /** Waits for every file and links them all in through `output` (a build's public/ folder), under images/. */
  finish(output: FolderWriter): Promise<ImageTotals>;
  /** The build failed elsewhere: drops work not started, waits for the rest (no stray temp files). */
  cancel(): Promise<void>;
  /** Waits for the files of every good image to be in the cache (after a failed lookup). */
  settle(): Promise<void>;
}

/** One used image, read and planned: what it is published as and which files it still lacks. */
interface Planned {
  name: string;
  file: string;
  hash: string;
  entry: CacheEntry;
  info: SourceInfo;
  plans: VariantPlan[];
  files: PlannedFile[];
  /** Keys of files not in the cache (or damaged there). */
  missing: string[];
  /** The source's bytes, read when something is to be made from them. */
  source: Buffer | undefined;
  /** The cache entry must be written: something was made or learnt afresh. */
  dirty: boolean;
  /** This name made its source's placeholder (a second name of the same source joins it). */
  madePlaceholder: boolean;
  /** Its line in focus.yaml, if it has one. */
  focus: FocalPoint | undefined;
}

const reason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]?.trim() || 'unknown error';
const unreadable = (file: string, error: unknown) =>
  problem('IMAGE_UNREADABLE', { file, problem: reason(error) }, { location: { file } });

/**
 * The image stage: webp at every breakpoint (and 1x/2x for fixed sizes), a blurred placeholder,
 * names known before encoding, all from a cache keyed by source bytes plus settings. Unchanged
 * images cost one read and one hash; nothing is decoded. Every unreadable source is reported at once.
 */
export function startImages(options: StartImagesOptions): ImageWork {
  const started = performance.now();
  const settings = options.config.images;
  const encode: EncodeOptions = { quality: settings.quality, effort: settings.effort };
  const fileKey = encodeKey({ format: settings.format, ...encode });
  const placeholderKey = encodeKey({ placeholder: settings.placeholder });
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism());
  // Parallelism comes from running files side by side, each on one libvips thread: measured
  // faster on 2 cores than fewer jobs with more threads each (bench/RESULTS.md).
  const threads = libvipsThreads(Math.max(1, options.threads ?? 1));
  const cache = new ImageCache(options.cacheDir);
  let cancelled = false;
  let encoded = 0;
  const context: MakeContext = {
    cache,
    encode,
    breakpoints: settings.breakpoints,
    limit: createLimiter(concurrency),
    sources: createLimiter(concurrency + 1),
    cancelled: () => cancelled,
    onEncoded: () => encoded++,
  };
  const names = [...options.used].sort();
  const problems: Problem[] = [];
  const placeholders = new Map<string, Promise<string>>();
  // The focal points (content/images/focus.yaml) are checked with the images: a bad line is
  // reported with the unreadable and missing images, all at once.
  const focusing = readFocus(options.root, options.images).then((focus) => {
    problems.push(...focus.problems);
    return focus.points;
  });

  const plan = async (name: string): Promise<Planned | undefined> => {
    const file = options.images.get(name);
    if (file === undefined) {
      problems.push(problem('IMAGE_NOT_FOUND', { field: 'image', name }, { field: 'image' }));
      return undefined;
    }
    try {
      const path = join(options.root, file);
      const print = await fingerprint(path);
      let data = print.data;
      // The bytes are read only when there is work (sharp's); they must still be the bytes the key was made of.
      const source = async () => {
        threads.set();
        data ??= await readFile(path);
        if (sha256(data) !== print.hash) throw new Error('the file changed while the build read it; build again');
        return data;
      };
      const entry = await cache.readEntry(print.hash);
      const known = entry.info;
      const info = known ?? (await readSourceInfo(await source()));
      entry.info = info;
      const focus = (await focusing).get(name);
      const plans =
        info.format === 'svg'
          ? []
          : planVariants(info, { ...settings, encodeKey: fileKey }, options.fixed?.get(name), focus);
      const files = plannedFiles(name, print.hash, info, plans);
      const verified = await Promise.all(
        files.map(({ key }) => (entry.files[key] ? cache.verify(entry.files[key]) : false)),
      );
      const missing = files.filter((_, index) => !verified[index]).map(({ key }) => key);
      let dirty = !known || missing.length > 0;
      let madePlaceholder = false;
      // The placeholder goes inline into every page, so it is made now, before pages render
      // (once per source, whatever number of names it is used under).
      if (
        info.format !== 'svg' &&
        !info.transparent &&
        !entry.placeholders[placeholderKey]?.startsWith('data:image/webp;base64,')
      ) {
        const bytes = await source();
        let making = placeholders.get(print.hash);
        madePlaceholder = !making;
        if (!making) {
          making = makePlaceholder(bytes, settings.placeholder);
          placeholders.set(print.hash, making);
          encoded++;
        }
        entry.placeholders[placeholderKey] = await making;
        dirty = true;
      }
      return {
        name,
        file,
        hash: print.hash,
        entry,
        info,
        plans,
        files,
        missing,
        source: missing.length ? await source() : undefined,
        dirty,
        madePlaceholder,
        focus,
      };
    } catch (error) {
      problems.push(unreadable(file, error));
      return undefined;
    }
  };

  // A few more sources read at once than cores, so reading and hashing overlap the decoding.
  const planning = Promise.all([focusing, cache.recallPrints()])
    .then(() => runLimited(names, concurrency * 2, plan))
    .then((outcomes) =>
      outcomes.map((outcome) => {
        if (!outcome.ok) throw outcome.error; // a bug here, not a bad image
        return outcome.value;
      }),
    );
  const lookup = planning.then((planned) => {
    if (problems.length) throw new SiteError(sortProblems(problems));
    const images: ImageLookup = {};
    for (const image of planned) {
      if (image)
        images[image.name] = describeImage(
          image,
          image.info.transparent ? '' : (image.entry.placeholders[placeholderKey] ?? ''),
        );
    }
    return images;
  });

  // Encoding starts once every source is planned (the pages wait for that), then runs beside them;
  // the good images are made even when another one is bad, so fixing that one costs only its work.
  const making = planning.then((planned) => makeAll(context, names.length, planned, options.onProgress));
  // Awaited by finish or cancel; until then a rejection here is not an unhandled one.
  making.catch(() => undefined);
  lookup.catch(() => undefined);

  // A plan finished again (`site build --watch` keeps it while the images are as they were): its
  // encoding was an earlier build's, so a later finish reports none made and its own time only.
  let finished = false;
  return {
    lookup,
    encoded: making.then(
      () => undefined,
      () => undefined,
    ),
    async finish(output) {
      const from = finished ? performance.now() : started;
      try {
        const outcome = await making;
        if (outcome.problems.length) throw new SiteError(sortProblems(outcome.problems));
        const remake = (image: Planned, key: string) => {
          threads.set();
          return remakeFile(context, image, key, options.root);
        };
        await publishAll(cache, outcome.planned, output.under('images'), remake);
        await cache.keepPrints();
        const made = finished ? 0 : outcome.made;
        const totals = { made, cached: outcome.planned.length - made, encoded: finished ? 0 : encoded };
        finished = true;
        return { ...totals, ms: performance.now() - from };
      } finally {
        threads.restore();
      }
    },
    async cancel() {
      cancelled = true;
      await this.settle();
    },
    async settle() {
      await making.catch(() => undefined);
      threads.restore();
    },
  };
}

/** Every image at once: start the work, wait for it, publish (site dev, the image tests). */
export async function processImages(options: ProcessImagesOptions): Promise<ProcessImagesResult> {
  const work = startImages(options);
  const lookup = await work.lookup.catch(async (error: unknown) => {
    await work.settle();
    throw error;
  });
  const output = new FolderWriter(options.publicDir);
  return { lookup, ...(await work.finish(output)), bytes: output.bytes };
}

const sortProblems = (problems: Problem[]) =>
  problems.sort((a, b) => (a.location?.file ?? '').localeCompare(b.location?.file ?? ''));

/** Makes every missing file of every planned image; the same source under two names is made once. */
async function makeAll(
  context: MakeContext,
  total: number,
  outcomes: Array<Planned | undefined>,
  onProgress: ((done: number, total: number) => void) | undefined,
): Promise<{ planned: Planned[]; made: number; problems: Problem[] }> {
  const planned = outcomes.filter((image): image is Planned => image !== undefined);
  const pieces = new Map<string, Promise<CachedFile>>();
  const problems: Problem[] = [];
  let done = 0;
  const made = new Set<string>();
  onProgress?.(0, total);
  await Promise.all(
    planned.map(async (image) => {
      const ours = image.missing.filter((key) => !pieces.has(`${image.hash}/${key}`));
      if (ours.length) {
        const started = makeFiles(
          context,
          image.source as Buffer,
          image.info,
          image.plans.filter((plan) => ours.includes(plan.key)),
        );
        for (const [key, piece] of started) pieces.set(`${image.hash}/${key}`, piece);
      }
      const results = await Promise.allSettled(
        image.missing.map((key) => pieces.get(`${image.hash}/${key}`) as Promise<CachedFile>),
      );
      const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (failure) {
        if (!(failure.reason instanceof Cancelled)) problems.push(unreadable(image.file, failure.reason));
        return;
      }
      results.forEach((result, index) => {
        if (result.status === 'fulfilled') image.entry.files[image.missing[index] as string] = result.value;
      });
      // Counted by source: a source shown under two names is one image made.
      if (image.madePlaceholder || (ours.length && image.info.format !== 'svg')) made.add(image.hash);
      if (image.dirty) await context.cache.writeEntry(image.hash, image.entry);
      onProgress?.(++done, total);
    }),
  );
  return { planned, made: made.size, problems };
}

/** A planned file whose cache copy vanished before it was published (another build cleared it). */
async function remakeFile(context: MakeContext, image: Planned, key: string, root: string): Promise<CachedFile> {
  const source = image.source ?? (await readFile(join(root, image.file)).catch(() => undefined));
  if (!source || sha256(source) !== image.hash)
    throw new SiteError([
      problem('IMAGE_CHANGED_DURING_BUILD', { file: image.file }, { location: { file: image.file } }),
    ]);
  const plans = image.plans.filter((plan) => plan.key === key);
  const file = await (makeFiles(context, source, image.info, plans).get(key) as Promise<CachedFile>);
  image.entry.files[key] = file;
  await context.cache.writeEntry(image.hash, image.entry);
  return file;
}
