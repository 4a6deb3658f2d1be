import type { Problem } from '../../errors/site-error.ts';
import type { ContentState, ItemRef } from './content-state.ts';

const isError = (p: Problem) => p.severity === 'error';

/**
 * The content side of a dev session: the last good state, the problems of the last full check,
 * and those of items checked since on the fast path, which replace what the full check said
 * about the same files.
 */
export class ContentStatus {
  /** The last good content: pages render from it even while a save has errors. */
  state: ContentState | undefined;
  private base: Problem[] = [];
  private readonly patched = new Map<string, { files: string[]; problems: Problem[] }>();

  /** The fast path checks one item against the rest, so the rest must have been good. */
  get fastPathOpen(): boolean {
    return this.state !== undefined && !this.base.some(isError);
  }

  setFull(result: { state?: ContentState; problems: Problem[] }): void {
    if (result.state) this.state = result.state;
    this.base = result.problems;
    this.patched.clear();
  }

  setItem(item: ItemRef, problems: Problem[], state?: ContentState): void {
    this.patched.set(`${item.collection}:${item.key}`, { files: Object.values(item.files), problems });
    if (state) this.state = state;
  }

  problems(): Problem[] {
    const replaced = new Set([...this.patched.values()].flatMap((item) => item.files));
    const kept = this.base.filter((p) => !p.location || !replaced.has(p.location.file));
    return [...kept, ...[...this.patched.values()].flatMap((item) => item.problems)];
  }
}
