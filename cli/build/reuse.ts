import { pageId, type BuildState } from './build-state.ts';
import { pageFiles } from './render.ts';
import type { PageRoute } from './types.ts';
import { joinUnder, type FolderWriter } from './folder-writer.ts';

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
 * gone is handed back to be rendered. In one go, no promise a page: 6,700 pages linked in an
 * edit build at 4,000 sources (issue 21).
 */
export function linkUnchanged(
  pages: PageRoute[],
  previousDir: string,
  output: FolderWriter,
): { linked: number; failed: PageRoute[] } {
  let linked = 0;
  const failed: PageRoute[] = [];
  for (const page of pages) {
    const files = pageFiles(page);
    try {
      output.publishSync(files.map((path) => ({ source: joinUnder(previousDir, path), path, bytes: 0 })));
      linked += files.length;
    } catch {
      failed.push(page);
    }
  }
  return { linked, failed };
}

/**
 * A record of this build by page (inline-script hashes, cards, reads, prints), in the pages'
 * order whatever was reused or rendered, so build-state.json is the same for the same site (not
 * sorted: a sort of every record, 4 x 4,488 pages, was ~15 ms of an edit build; issue 21): what
 * the render found now, else what the previous build found on a page linked from it.
 */
export function byPage(
  pages: readonly PageRoute[],
  linked: readonly PageRoute[],
): <T>(before: Record<string, T> | undefined, now: Record<string, T>) => Record<string, T> {
  const ids = pages.map(pageId);
  const kept = new Set(linked.map(pageId));
  return (before, now) => {
    const record: Record<string, (typeof now)[string]> = {};
    for (const id of ids) {
      if (Object.hasOwn(now, id)) record[id] = now[id]!;
      else if (kept.has(id) && before?.[id]) record[id] = before[id];
    }
    return record;
  };
}
