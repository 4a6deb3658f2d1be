import type { StageTiming } from './types.ts';

/**
 * Times stages in order: for the build's summary, and for a `site dev` rebuild's line under
 * SITE_DEV_TIMINGS=1 (docs/dev.md). A stage that throws is timed too.
 */
export class StageTimer {
  readonly timings: StageTiming[] = [];

  async run<T>(stage: string, work: () => Promise<T> | T, detail?: (value: T) => string): Promise<T> {
    const start = performance.now();
    let value: T | undefined;
    try {
      value = await work();
      return value;
    } finally {
      this.record(stage, start, value, detail);
    }
  }

  /** A synchronous stage, timed without a turn of the event loop. */
  time<T>(stage: string, work: () => T, detail?: (value: T) => string): T {
    const start = performance.now();
    let value: T | undefined;
    try {
      value = work();
      return value;
    } finally {
      this.record(stage, start, value, detail);
    }
  }

  toString(): string {
    return this.timings.map(({ stage, ms }) => `${stage} ${ms.toFixed(1)}`).join(', ');
  }

  private record<T>(stage: string, start: number, value: T | undefined, detail?: (value: T) => string): void {
    const ms = performance.now() - start;
    this.timings.push({ stage, ms, ...(detail && value !== undefined ? { detail: detail(value) } : {}) });
  }
}
