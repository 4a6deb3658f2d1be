import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * resvg-js, loaded once, with its allocator told to keep freed memory for a second. The package
 * is built with mimalloc, which hands freed pages back to the system after 10 ms; a card frees
 * its 3 MB of pixels and the next card asks for as much again a few milliseconds later, so every
 * card faulted its memory in afresh (about 1,000 page faults a card, a sixth of its CPU; issue 21).
 * mimalloc reads the option from the environment when the library loads, so it is set around the
 * load only (a value the user set is left as it is).
 */
type Resvg = typeof import('@resvg/resvg-js');

const OPTION = 'MIMALLOC_PURGE_DELAY';
const require = createRequire(import.meta.url);
let loading: Promise<Resvg> | undefined;

/**
 * Whether this process runs on the GNU C library (true) or musl (false), from the libraries it has
 * mapped (Linux); undefined when that does not tell.
 */
function onGlibc(): boolean | undefined {
  let maps: string;
  try {
    maps = readFileSync('/proc/self/maps', 'utf8');
  } catch {
    return undefined;
  }
  if (/\/libc\.so\.6$/m.test(maps)) return true;
  return /\/ld-musl-[^/]+\.so\.1$/m.test(maps) ? false : undefined;
}

/**
 * The package as it loads, but for its one question to Node on Linux: whether the C library is
 * glibc or musl (which binary to load), asked of process.report.getReport(), a whole diagnostic
 * report (its handles, libraries, environment...) of which it reads one field: 20-30 ms of the one
 * card an edited title draws (issue 21). Answered from the libraries mapped instead, within the
 * synchronous load only; where those do not tell, the report is made as before.
 */
function load(): Resvg {
  const { report } = process;
  const full = report.getReport;
  const glibc = process.platform === 'linux' ? onGlibc() : undefined;
  if (glibc !== undefined)
    report.getReport = () => ({ header: { glibcVersionRuntime: glibc ? 'glibc' : undefined } }) as never;
  try {
    return require('@resvg/resvg-js') as Resvg;
  } finally {
    report.getReport = full;
  }
}

export function loadResvg(): Promise<Resvg> {
  loading ??= (async () => {
    const set = process.env[OPTION] === undefined;
    if (set) process.env[OPTION] = '1000';
    try {
      return load();
    } finally {
      if (set) delete process.env[OPTION];
    }
  })();
  return loading;
}
