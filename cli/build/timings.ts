import type { StageTiming } from './types.ts';

/** Times the build's stages in order, for the summary. */
export class StageTimer {
  readonly timings: StageTiming[] = [];

  async run<T>(stage: string, work: () => Promise<T> | T, detail?: (value: T) => string): Promise<T> {
    const start = performance.now();
    const value = await work();
    this.timings.push({ stage, ms: performance.now() - start, ...(detail ? { detail: detail(value) } : {}) });
    return value;
  }
}
