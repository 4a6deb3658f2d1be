import { link, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pageId, type BuildState } from './build-state.ts';
import { pageFiles } from './render.ts';
import type { PageRoute } from './types.ts';

export interface ReusePlan {
  /** Pages whose inputs are unchanged since the previous build. */
  unchanged: PageRoute[];
  changed: PageRoute[];
}

/** Which pages must be rendered: those whose fingerprint differs from the previous build's (all, without one). */
export function planReuse(
  pages: PageRoute[],
  fingerprints: Record<string, string> | undefined,
  previous: BuildState | undefined,
): ReusePlan {
  const plan: ReusePlan = { unchanged: [], changed: [] };
  for (const page of pages) {
    const print = fingerprints?.[pageId(page)];
    (print !== undefined && previous?.pages[pageId(page)] === print ? plan.unchanged : plan.changed).push(page);
  }
  return plan;
}

/**
 * Hard-link an unchanged page's files from the previous build: no render, no copy. A page
 * whose old file is gone (or on another disk) is handed back to be rendered.
 */
export async function linkUnchanged(
  pages: PageRoute[],
  previousDir: string,
  dir: string,
): Promise<{ linked: number; failed: PageRoute[] }> {
  let linked = 0;
  const failed: PageRoute[] = [];
  const madeDirs = new Set<string>();
  for (const page of pages) {
    const files = pageFiles(page);
    try {
      for (const file of files) {
        const target = join(dir, file);
        if (!madeDirs.has(dirname(target))) {
          await mkdir(dirname(target), { recursive: true });
          madeDirs.add(dirname(target));
        }
        await link(join(previousDir, file), target);
      }
      linked += files.length;
    } catch {
      // Unlink what was linked: rendering writes the file, and writing through a link would
      // change the previous build too.
      await Promise.all(files.map((file) => rm(join(dir, file), { force: true })));
      failed.push(page);
    }
  }
  return { linked, failed };
}

/**
 * What the previous build found on the pages linked from it (not rendered again): their
 * inline-script hashes or their cards.
 */
export function keptFromPrevious<T>(
  unchanged: PageRoute[],
  rendered: PageRoute[],
  previous: Record<string, T> | undefined,
): Record<string, T> {
  const kept: Record<string, T> = {};
  const again = new Set(rendered.map(pageId));
  for (const page of unchanged) {
    const id = pageId(page);
    const value = previous?.[id];
    if (value && !again.has(id)) kept[id] = value;
  }
  return kept;
}
