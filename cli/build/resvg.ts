/**
 * resvg-js, loaded once, with its allocator told to keep freed memory for a second. The package
 * is built with mimalloc, which hands freed pages back to the system after 10 ms; a card frees
 * its 3 MB of pixels and the next card asks for as much again a few milliseconds later, so every
 * card faulted its memory in afresh (about 1,000 page faults a card, a sixth of its CPU; issue 21).
 * mimalloc reads the option from the environment when the library loads, so it is set around the
 * import only (a value the user set is left as it is).
 */
type Resvg = typeof import('@resvg/resvg-js');

const OPTION = 'MIMALLOC_PURGE_DELAY';
let loading: Promise<Resvg> | undefined;

export function loadResvg(): Promise<Resvg> {
  loading ??= (async () => {
    const set = process.env[OPTION] === undefined;
    if (set) process.env[OPTION] = '1000';
    try {
      return await import('@resvg/resvg-js');
    } finally {
      if (set) delete process.env[OPTION];
    }
  })();
  return loading;
}
