import { join } from 'node:path';
import type { SiteConfig } from '../../../shared/config.ts';
import { isSiteError, type Problem } from '../../errors/site-error.ts';
import { processImages } from '../../images/stage.ts';
import type { ImageLookup } from '../../../shared/images.ts';

/**
 * The build's image stage, run when an image or the image settings change, or content starts to
 * show an image not made yet. Files go to .site/dev/public/images, from the shared cache
 * (.site/cache/images), so a session after a build encodes nothing.
 */
export class SessionImages {
  lookup: ImageLookup = {};
  problems: Problem[] = [];
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  static publicDir(root: string): string {
    return join(root, '.site', 'dev', 'public');
  }

  /** Whether any of these images is not made yet (or the last run failed). */
  needs(names: Iterable<string>): boolean {
    if (this.problems.length) return true;
    for (const name of names) if (!Object.hasOwn(this.lookup, name)) return true;
    return false;
  }

  /** True when the lookup changed. */
  async update(
    config: SiteConfig,
    images: ReadonlyMap<string, string>,
    used: ReadonlySet<string>,
    force: boolean,
  ): Promise<boolean> {
    if (!force && !this.needs(used)) return false;
    try {
      const result = await processImages({
        root: this.root,
        config,
        images,
        used,
        publicDir: SessionImages.publicDir(this.root),
        cacheDir: join(this.root, '.site', 'cache', 'images'),
      });
      this.problems = [];
      const changed = JSON.stringify(result.lookup) !== JSON.stringify(this.lookup);
      if (changed) this.lookup = result.lookup;
      return changed;
    } catch (error) {
      if (!isSiteError(error)) throw error;
      this.problems = error.problems;
      return false;
    }
  }
}
