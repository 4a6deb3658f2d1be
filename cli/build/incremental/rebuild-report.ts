import type { Problem } from '../../errors/site-error.ts';
import type { StageTimer } from '../timings.ts';
import type { AssetName } from './compiled-parts.ts';

/** How a rebuild took in the content: one item on its own, everything again, or not at all. */
export type ContentRoute = 'fast' | 'full' | 'none';

export interface RebuildReport {
  ms: number;
  content: ContentRoute;
  /** A new generation: pages may have changed (the caller diffs their fingerprints). */
  renewed: boolean;
  /** What every page reads changed (templates, islands, images, config, strings), not only content. */
  globalChanged: boolean;
  /** The new stylesheet URL, when it changed. */
  css?: string;
  /** Compiled parts whose output changed. */
  compiled: AssetName[];
  timings: StageTimer;
  /** CPU time of this process for the rebuild: what it costs, whatever else the machine runs. */
  cpuMs: number;
  problems: Problem[];
}
