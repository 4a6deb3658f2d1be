/**
 * Long synchronous work written as a generator that yields between its steps (a file, an item),
 * so that one implementation runs two ways: at once (`runSteps`: tests, `site check`, an edit's
 * one item) or giving the event loop a turn now and then (`runStepsYielding`: the build).
 */
export type Steps<T> = Generator<void, T, void>;

/**
 * True at every `every`-th call: a loop over many small pieces of work (a file checked against its
 * stored answer: ~10 us) ends a step there, not at each one. A pause suspends the generator (its
 * frame saved and restored); at each of ~16,000 files and items it cost an edit's validation at
 * 4,000 sources 10-30 ms.
 */
export function stepEvery(every = 32): () => boolean {
  let count = 0;
  return () => ++count % every === 0;
}

/** The steps run to their end without a pause: their result. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * The steps run with a turn of the event loop (`setImmediate`: I/O callbacks and timers come
 * first) once `firstMs` have passed, then every `sliceMs`. The build validates its content while
 * esbuild bundles the templates in its own process: every import esbuild resolves through one of
 * the build's plugins waits for a turn of this thread, and ~0.45 s of validation without one held
 * the bundle back by as much (issue 21). A short run (an edit's validation, its answers stored:
 * ~80 ms at 4,000 sources) has no pause: its compile takes bundles from the cache, and what it
 * had waiting only took this thread's time earlier (turns from the start: +0.06 CPU-s a title edit,
 * bench/RESULTS.md "loop21").
 */
export async function runStepsYielding<T>(steps: Steps<T>, sliceMs = 8, firstMs = 150): Promise<T> {
  let due = performance.now() + firstMs;
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() < due) continue;
    await new Promise((resolve) => setImmediate(resolve));
    due = performance.now() + sliceMs;
  }
}
