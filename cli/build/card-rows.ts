/**
 * Buffers for the cards being drawn, each a copy of their frame's rows, handed back once the
 * card's JPEG is made (issue 21). A new 2.3 MB buffer a card was zero-filled, paged in and
 * collected again: ~0.3 ms of the main thread's copy and a share of its collections a card.
 * As many are kept as cards were drawn at once in a run (makeCards' limit).
 */
export class RowPool {
  private readonly free: Buffer[] = [];

  /** A buffer holding a copy of `rows`: one handed back, or a new one. */
  copyOf(rows: Buffer): Buffer {
    const at = this.free.findIndex((buffer) => buffer.length === rows.length);
    const buffer = at < 0 ? Buffer.allocUnsafeSlow(rows.length) : this.free.splice(at, 1)[0]!;
    rows.copy(buffer);
    return buffer;
  }

  /** `buffer` is no longer read (its card's JPEG is made): the next card may draw in it. */
  giveBack(buffer: Buffer): void {
    this.free.push(buffer);
  }
}
