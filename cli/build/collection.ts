import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A build's heap at its peak is mostly garbage: on a machine whose heap limit is 2 GB or more, V8
 * lets the old generation grow to up to 4 x what is live before it collects it again (on a
 * machine with a limit just under 2 GB, 2 x). Grown by as much as is live (factor 2) a build of
 * 4,000 sources peaked 20-30 MB lower at the same CPU within the noise; by half (1.5) another
 * 15-20 MB lower but at ~5 % more CPU (bench/RESULTS.md, mem21). Not a limit: a larger site only
 * collects more often. V8 reads the flag at every collection, so it applies from here on, to the
 * render workers too.
 */
export function collectSooner(): void {
  setFlagsFromString('--heap-growing-percent=100');
}

let gc: (() => void) | undefined;

/**
 * A full collection now: for a point where most of the heap has just become garbage and more is
 * about to be made (a build once its session is let go, before the pages are rendered). Node gives
 * V8's `gc` only under --expose-gc: set for a moment, the flag puts it in a new context.
 */
export function collectNow(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
    setFlagsFromString('--no-expose-gc');
  }
  gc();
}
