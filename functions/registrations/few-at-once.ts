/**
 * At most `limit` pieces of work at once; the rest wait their turn in the order they came (a
 * fair line: no one is refused or timed out for waiting). A finished piece hands its slot
 * straight to the next in line, so none can slip in between.
 */
export class FewAtOnce {
  private running = 0;
  private readonly line: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((turn) => this.line.push(turn));
    else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
