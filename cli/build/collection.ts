import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

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
