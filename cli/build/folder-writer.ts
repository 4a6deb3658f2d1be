import { mkdir, open, writeFile } from 'node:fs/promises';
import { copyFileSync, linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { Ledger } from './ledger.ts';

/** What a writer has put into its folder so far. */
export interface Written {
  files: number;
  bytes: number;
}

export const hasCode = (error: unknown, ...codes: string[]) =>
  typeof error === 'object' && error !== null && codes.includes((error as { code?: string }).code ?? '');

/**
 * Tries of a link whose source name is found but gone at the link: a cache file renamed over
 * (another build, or a file of this one with the same name, written atomically) loses its last
 * name between link(2)'s lookup and the link, and link(2) fails with ENOENT though the name holds
 * the same file again at once. A source that is really gone fails every try.
 */
const LINK_TRIES = 3;

/** A segment `path.join` would change: '.', '..' or empty (a slash doubled or at the end). */
const unusual = /(?:^|\/)\.{0,2}(?:\/|$)/;

/**
 * `join(dir, path)`, written out when neither needs normalising (a build folder and a path in it
 * as the build makes them): path.join normalises the joined path a character at a time, ~1-2 us
 * a call, and an edit build joins ~25,000 (a source and a target for each page, card and search
 * file it links; issue 21). Anything else (a '.' or '..' segment, a doubled or trailing slash,
 * Windows' separator) goes through path.join.
 */
export function joinUnder(dir: string, path: string): string {
  const rooted = path.startsWith('/');
  if (sep !== '/' || !dir.startsWith('/') || unusual.test(dir.slice(1)) || unusual.test(rooted ? path.slice(1) : path))
    return join(dir, path);
  return rooted ? `${dir}${path}` : `${dir}/${path}`;
}

/** False when the file is there already. */
function linkOrCopy(source: string, target: string): boolean {
  for (let attempt = 1; ; attempt++) {
    try {
      linkSync(source, target);
      return true;
    } catch (error) {
      if (hasCode(error, 'EEXIST')) return false;
      if (hasCode(error, 'ENOENT') && attempt < LINK_TRIES) continue;
      if (!hasCode(error, 'EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK', 'EACCES')) throw error;
      copyFileSync(source, target);
      return true;
    }
  }
}

/** A file's contents: text, bytes, or bytes in chunks (written as they are, not joined first). */
export type Contents = string | Uint8Array | readonly Uint8Array[];

export const sizeOf = (contents: Contents): number =>
  typeof contents === 'string'
    ? Buffer.byteLength(contents)
    : 'byteLength' in contents
      ? contents.byteLength
      : contents.reduce((sum, chunk) => sum + chunk.byteLength, 0);

/**
 * Writes `contents` to `file`; chunks in one writev, without the copy Buffer.concat makes (the
 * search records memo of 4,100 pages is 14 MB, and a joined copy lives until the garbage collector
 * frees it). Text goes through writeFileSync, whose UTF-8 is encoded in C++ into memory freed at
 * once: the promised writeFile makes a Buffer of it first, garbage outside the heap until a
 * collection (the build's tail writes ~8 MB of text so: sitemap, redirects, site.json).
 */
export async function writeContents(file: string, contents: Contents): Promise<void> {
  if (typeof contents === 'string') return writeFileSync(file, contents);
  if ('byteLength' in contents) return writeFile(file, contents);
  const handle = await open(file, 'w');
  try {
    await handle.writev(contents);
  } finally {
    await handle.close();
  }
}

/**
 * The one way files reach a build folder: every stage writes through one (a render worker through
 * its own, in its thread), and the count of files and bytes in the build's summary is what the
 * writers wrote. `under(folder)` is the same writer, paths taken inside `folder`.
 */
export class FolderWriter {
  constructor(
    readonly dir: string,
    private readonly written: Written = { files: 0, bytes: 0 },
    private readonly madeDirs = new Set<string>(),
    private readonly makingDirs = new Map<string, Promise<unknown>>(),
    /** What the folder holds, file by file, when a process that builds again keeps it (./ledger.ts). */
    readonly ledger?: Ledger,
  ) {}

  get files(): number {
    return this.written.files;
  }

  get bytes(): number {
    return this.written.bytes;
  }

  under(folder: string): FolderWriter {
    return new FolderWriter(join(this.dir, folder), this.written, this.madeDirs, this.makingDirs, this.ledger);
  }

  /** A new file (never written into one linked here: each path is written once a build). */
  async write(path: string, contents: Contents): Promise<void> {
    const target = join(this.dir, path);
    await this.folder(dirname(target));
    this.ledger?.clear(target);
    await writeContents(target, contents);
    this.count(1, sizeOf(contents));
  }

  /**
   * Synchronous, for the render workers: each is a thread of its own, and a promise-based write
   * cost more CPU (file handles, promises) than the write itself, about 0.5 ms a file, a fifth of
   * the render stage (bench/RESULTS.md, "Build at scale"). The other paths of the same bytes are
   * hard links to the first. Text is taken as it is, not as a Buffer made of it (writeContents says
   * why): 6,700 pages and 16 MB of search index a build at 4,000 sources.
   */
  writeSync(paths: readonly string[], contents: string | Uint8Array): void {
    let first: string | undefined;
    const bytes = sizeOf(contents);
    for (const path of paths) {
      const target = join(this.dir, path);
      this.folderSync(dirname(target));
      this.ledger?.clear(target);
      if (first) linkSync(first, target);
      else writeFileSync(target, contents);
      first ??= target;
      this.count(1, bytes);
    }
  }

  /**
   * Files made elsewhere (the image or card cache, the previous build) put in, all or
   * none. A hard link costs no bytes and no time; where links cannot be made (another file system,
   * a host that forbids them) a file is copied. Names carry a hash of what makes the file, so one
   * already there is the same file, and counted already. When one cannot be put in (its source is gone), those put in
   * are removed again (writing through a link would change the other folder too) and the error is
   * thrown. `bytes`: what each adds to the count (a page linked from the previous build, none).
   */
  async publish(files: ReadonlyArray<{ source: string; path: string; bytes: number }>): Promise<void> {
    this.publishSync(files);
  }

  /**
   * `publish`, returning when done: a caller putting in thousands of sets one after another (the
   * unchanged pages, one set a page) spends no promise and no event-loop turn on each.
   */
  publishSync(files: ReadonlyArray<{ source: string; path: string; bytes: number }>): void {
    // Synchronous calls: a build links thousands of files (every unchanged page, card and image),
    // and a promised link (a round trip through the thread pool, a promise, a folder check) cost
    // several times the link itself: most of a one-edit build's reuse stage (issue 21).
    const placed: Array<{ target: string; bytes: number }> = [];
    // Files a recycled folder holds already (./ledger.ts): counted as linked, not linked again.
    const held: Array<{ target: string; bytes: number }> = [];
    const { ledger } = this;
    try {
      for (const { source, path, bytes } of files) {
        const target = joinUnder(this.dir, path);
        const fate = ledger?.place(source, target);
        if (fate === 'held') held.push({ target, bytes });
        if (fate === 'held' || fate === 'there') continue;
        this.folderSync(dirname(target));
        if (linkOrCopy(source, target)) placed.push({ target, bytes });
        else if (fate === 'link') {
          // A file the ledger did not know of in a recycled folder: replaced, never taken for this one.
          rmSync(target, { force: true });
          if (linkOrCopy(source, target)) placed.push({ target, bytes });
        }
      }
    } catch (error) {
      for (const { target } of placed) rmSync(target, { force: true });
      for (const { target } of [...placed, ...held]) ledger?.forget(target);
      throw error;
    }
    for (const { bytes } of placed) this.count(1, bytes);
    for (const { bytes } of held) this.count(1, bytes);
  }

  /**
   * Files another thread writes here (a render worker, its own writer): with a ledger, the folder's
   * files at those paths go first (a recycled folder's may be links to dist's) and the paths are noted.
   */
  expect(paths: Iterable<string>): void {
    if (!this.ledger) return;
    for (const path of paths) this.ledger.clear(joinUnder(this.dir, path));
  }

  /** What synchronous `work` wrote through this writer (nothing else can write meanwhile). */
  measure<T>(work: () => T): { value: T; written: Written } {
    const before = { ...this.written };
    const value = work();
    return { value, written: { files: this.files - before.files, bytes: this.bytes - before.bytes } };
  }

  /** What a writer in another thread (a render worker) wrote into this folder. */
  add(written: Written): void {
    this.count(written.files, written.bytes);
  }

  /** Each folder made once, however many files go into it at once. */
  private folder(path: string): Promise<unknown> {
    let made = this.makingDirs.get(path);
    if (!made) {
      made = mkdir(path, { recursive: true });
      made.catch(() => this.makingDirs.delete(path));
      this.makingDirs.set(path, made);
    }
    return made;
  }

  private folderSync(path: string): void {
    if (this.madeDirs.has(path)) return;
    mkdirSync(path, { recursive: true });
    this.madeDirs.add(path);
  }

  private count(files: number, bytes: number): void {
    this.written.files += files;
    this.written.bytes += bytes;
  }
}
