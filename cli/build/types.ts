import type { RecentBuilds } from './ledger.ts';
import type { PageRoute, Redirect } from '../routes/types.ts';

export interface BuildOptions {
  root: string;
  /** Output folder (default <root>/dist). */
  out: string;
  strict: boolean;
  drafts: boolean;
  /** Publish items dated after the build's day too (issue 20: they wait by default). */
  future?: boolean;
  /** Print nothing but problems. */
  quiet: boolean;
  /** Render threads for a large site (default: the machine's cores); 1 renders in the main thread. */
  threads?: number;
  /** The builds this process made before, when it builds again (`site build --watch`): ./ledger.ts. */
  recent?: RecentBuilds;
}

export interface StageTiming {
  stage: string;
  ms: number;
  detail?: string;
}

export interface BuildResult {
  out: string;
  /** Nothing changed since the last build: dist was left as it is. */
  unchanged: boolean;
  /** Page files in the output, and how many of them were rendered (the rest were reused). */
  pages: number;
  rendered?: number;
  /** Threads that rendered the pages: 1 is the main thread (a small site, or --threads 1). */
  threads: number;
  files: number;
  bytes: number;
  /** `ms`: from the start of the image work to its last file (it runs beside other stages). */
  images: { made: number; cached: number; ms: number };
  /** What makes the site found and shared (issue 23); absent when nothing changed. */
  found?: {
    feeds: number;
    calendars: number;
    cards: { made: number; cached: number };
    /**
     * `read`: pages read and tokenised now, those no earlier build left as they are; `kept`: files
     * of the last build's index linked as they are (it was mended, not made whole).
     */
    search: { pages: number; languages: string[]; files: number; tokenised: number; kept: number };
  };
  timings: StageTiming[];
  warnings: number;
  /** The next item left out for a later day: a build on that day publishes it. */
  nextScheduled?: { file: string; date: string };
}

export type { PageRoute, Redirect };
