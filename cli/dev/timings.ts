/** Where the time of a rebuild went, stage by stage: printed with SITE_DEV_TIMINGS=1 (docs/dev.md). */
export class Timings {
  readonly stages: Array<[string, number]> = [];

  /** Time a synchronous stage. */
  run<T>(stage: string, work: () => T): T {
    const start = performance.now();
    try {
      return work();
    } finally {
      this.stages.push([stage, performance.now() - start]);
    }
  }

  async runAsync<T>(stage: string, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      this.stages.push([stage, performance.now() - start]);
    }
  }

  toString(): string {
    return this.stages.map(([stage, ms]) => `${stage} ${ms.toFixed(1)}`).join(', ');
  }
}
