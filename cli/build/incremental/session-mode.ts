import { join } from 'node:path';
import { ParseMemo } from '../../content/parse-memo.ts';
import type { ParseReuse } from '../../content/parse-reuse.ts';
import { StoredParses } from '../../content/stored-parses.ts';
import type { CollectionOptions } from '../../content/collection-items.ts';
import { toolStamp } from '../build-state.ts';
import { DEV_VALIDATION } from '../content-stages.ts';
import { PAGE_PARTS } from '../page-parts.ts';
import type { StageTimer } from '../timings.ts';
import type { BuildOptions } from '../types.ts';
import type { WorkerPool } from '../worker-pool.ts';
import { ASSET_NAMES, type AssetName } from './compiled-parts.ts';
import { type BuildImages, SessionImages, type ImageStage } from './images.ts';
import type { StoredFile } from './stored-state-file.ts';

/**
 * What tells `site build`'s session from `site dev`'s: the same stages in the same order
 * (rebuild-session.ts), with other settings.
 */
export interface SessionMode {
  /** dev: drafts shown, warnings stay warnings; build: its flags, and dated items wait for their day. */
  validation: Omit<CollectionOptions, 'memo'>;
  /** Each file's parse kept while its text is the same: in memory (dev), on disk (build: saved after validation). */
  memo: ParseReuse & { save?: () => Promise<void> };
  /** The compiled parts made: dev also imports functions/, which the build bundles for Firebase instead. */
  parts: readonly AssetName[];
  images: ImageStage;
  /** The build's stage timer (its summary); dev times each rebuild on its own. */
  timer?: StageTimer;
  /** The build's render workers, used by the Markdown stage too; dev starts its own for the Markdown at start. */
  pool?: WorkerPool | undefined;
  /**
   * `site build`'s start from the content state of the build before (./stored-start.ts): its
   * stored parses are read only when the full path is taken after all.
   */
  stored?: { file: StoredFile | undefined; parses: () => Promise<SessionMode['memo']> } | undefined;
  /**
   * build: an edit is patched in only when the patch says nothing (./content-patch.ts `quietPatch`),
   * else the content is checked whole; dev patches an item with its problems too.
   */
  quietPatches?: boolean;
}

export function devMode(root: string): SessionMode {
  return { validation: DEV_VALIDATION, memo: new ParseMemo(), parts: ASSET_NAMES, images: new SessionImages(root) };
}

/** `site build`'s settings; its images are planned at once and encoded into the build folder while pages are written. */
export async function buildMode(
  options: BuildOptions,
  run: { timer: StageTimer; pool: WorkerPool | undefined; buildDate: string; images: BuildImages },
  stored?: StoredFile,
): Promise<SessionMode> {
  // Each file's own checks are kept between builds: after an edit only the edited files are parsed.
  const parses = async () => StoredParses.load(join(options.root, '.site', 'cache', 'parses'), await toolStamp());
  return {
    // Dated items wait for their day (issue 20); the build's day is the one its pages show.
    validation: {
      strict: options.strict,
      drafts: options.drafts,
      publishedBy: options.future ? undefined : run.buildDate,
    },
    memo: stored ? new ParseMemo() : await parses(),
    parts: Object.keys(PAGE_PARTS) as AssetName[],
    images: run.images,
    timer: run.timer,
    pool: run.pool,
    stored: stored && { file: stored, parses },
    quietPatches: true,
  };
}
