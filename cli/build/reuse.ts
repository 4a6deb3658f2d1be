import { pageId, type BuildState } from './build-state.ts';
import { pageFiles } from './render.ts';
import { join } from 'node:path';
import type { PageRoute } from './types.ts';
import type { FolderWriter } from './folder-writer.ts';

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
 * Link an unchanged page's files from the previous build: no render. A page whose old file is
 * gone is handed back to be rendered.
 */
export async function linkUnchanged(
  pages: PageRoute[],
  previousDir: string,
  output: FolderWriter,
): Promise<{ linked: number; failed: PageRoute[] }> {
  let linked = 0;
  const failed: PageRoute[] = [];
  for (const page of pages) {
    const files = pageFiles(page);
    try {
      await output.publish(files.map((path) => ({ source: join(previousDir, path), path, bytes: 0 })));
      linked += files.length;
    } catch {
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
