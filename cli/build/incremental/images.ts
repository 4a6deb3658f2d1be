import { join } from 'node:path';
import type { SiteConfig } from '../../../shared/config.ts';
import { isSiteError, type Problem } from '../../errors/site-error.ts';
import { processImages, startImages, type ImageWork } from '../../images/stage.ts';
import type { ImageLookup } from '../../../shared/images.ts';

const cacheDir = (root: string) => join(root, '.site', 'cache', 'images');

/**
 * The build's image stage in a session: started as soon as the content is valid (the files take
 * the longest and need nothing else), settled before a generation is made. `site dev` makes the
 * files at once (SessionImages); `site build` plans them and encodes while its pages are written
 * (BuildImages).
 */
export abstract class ImageStage {
  lookup: ImageLookup = {};
  problems: Problem[] = [];
  private pending: Promise<void> | undefined;

  /** Whether any of these images is not made yet (or the last run failed). */
  needs(names: Iterable<string>): boolean {
    if (this.problems.length) return true;
    for (const name of names) if (!Object.hasOwn(this.lookup, name)) return true;
    return false;
  }

  get started(): boolean {
    return this.pending !== undefined;
  }

  start(config: SiteConfig, images: ReadonlyMap<string, string>, used: ReadonlySet<string>): void {
    const pending = this.work(config, images, used).catch((error: unknown) => {
      if (!isSiteError(error)) throw error;
      this.problems = error.problems;
    });
    pending.catch(() => undefined); // awaited by settle; a bug of ours is thrown there
    this.pending = pending;
  }

  /** Waits for the work started: the lookup and problems are then its. */
  async settle(): Promise<ImageLookup> {
    const pending = this.pending;
    this.pending = undefined;
    await pending;
    return this.lookup;
  }

  /** The work for one start; sets the lookup, throws the users' problems as a SiteError. */
  protected abstract work(
    config: SiteConfig,
    images: ReadonlyMap<string, string>,
    used: ReadonlySet<string>,
  ): Promise<void>;
}

/** `site dev`: files to .site/dev/public/images, from the shared cache (a session after a build encodes nothing). */
export class SessionImages extends ImageStage {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = root;
  }

  static publicDir(root: string): string {
    return join(root, '.site', 'dev', 'public');
  }

  protected async work(config: SiteConfig, images: ReadonlyMap<string, string>, used: ReadonlySet<string>) {
    const result = await processImages({
      root: this.root,
      config,
      images,
      used,
      publicDir: SessionImages.publicDir(this.root),
      cacheDir: cacheDir(this.root),
    });
    this.problems = [];
    // The same object while nothing changed: a generation is made again only when a part is new.
    if (JSON.stringify(result.lookup) !== JSON.stringify(this.lookup)) this.lookup = result.lookup;
  }
}

/** `site build`: names, sizes and placeholders first; the files are encoded while the pages render, into the build folder. */
export class BuildImages extends ImageStage {
  files: ImageWork | undefined;
  private readonly root: string;
  private readonly onProgress: ((done: number, total: number) => void) | undefined;

  constructor(root: string, onProgress?: (done: number, total: number) => void) {
    super();
    this.root = root;
    this.onProgress = onProgress;
  }

  protected async work(config: SiteConfig, images: ReadonlyMap<string, string>, used: ReadonlySet<string>) {
    const onProgress = this.onProgress;
    const files = startImages({
      root: this.root,
      config,
      images,
      used,
      cacheDir: cacheDir(this.root),
      ...(onProgress ? { onProgress } : {}),
    });
    this.files = files;
    this.lookup = await files.lookup.catch(async (error: unknown) => {
      await files.settle();
      throw error;
    });
  }

  /** The build failed elsewhere: no work left running, no stray temp files. */
  async cancel(): Promise<void> {
    await this.files?.cancel();
    await this.settle().catch(() => undefined);
  }
}
