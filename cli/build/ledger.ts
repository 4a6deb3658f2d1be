import { rmdirSync, unlinkSync } from 'node:fs';
import { dirname, sep } from 'node:path';

/**
 * What a build folder holds, file by file (paths from the folder's root), as tokens: two files of
 * one token hold the same bytes. A file written has its own path for a token (no other file is
 * it); a file linked, its source's: a file of the build before, that file's token; a cache file
 * (named by what makes it: an image, a card), its path.
 */
export type FolderTokens = Map<string, string>;

/** A folder's tokens as the ledger reads them: kept in memory (FolderTokens), or made from a record (./stored-ledger.ts). */
export interface TokenView {
  get(path: string): string | undefined;
  has(path: string): boolean;
  keys(): Iterable<string>;
}

/** A complete build folder and its tokens, or (a build this process did not make) none known. */
export interface KnownBuild {
  dir: string;
  tokens: TokenView | undefined;
}

/**
 * The build folders a process that builds again (`site build --watch`) made, newest first. A one-edit
 * build at 4,000 sources linked ~11,000 files from the build before into a fresh folder (the pages,
 * the cards: ~80 ms of links and folders, and the removal of a whole build beside it; issue 21).
 * With this memory the build before the current one (kept for a server still reading it, removed
 * when the next build starts) is recycled instead: renamed to the new build's folder, and only
 * the files that differ from the new build's are replaced (./output.ts, OutputDir.create). A
 * `site build` of its own process keeps it on disk instead (./stored-ledger.ts).
 */
export class RecentBuilds {
  latest: KnownBuild | undefined;
  before: KnownBuild | undefined;
  /**
   * Whether the next build keeps a ledger and may recycle a folder. Not a build that renders most
   * pages again: each page's file in a recycled folder is unlinked before it is written, and its
   * whole search index is made on this thread (./write-site.ts), not on a worker beside it.
   */
  recycles = true;

  /** What is known of the builds when a new one starts (`current`: dist's): a process keeps it in memory. */
  async recall(_current: string | undefined): Promise<void> {}

  /**
   * The build in `ledger.root` is dist now, `previous` was (the build its ledger linked from, or
   * another's); `files`: how many its writers put in.
   */
  async committed(ledger: Ledger, previous: string | undefined, _files: number): Promise<void> {
    const latest = this.latest;
    this.before = latest?.dir === previous ? latest : undefined;
    this.latest = { dir: ledger.root, tokens: ledger.complete ? ledger.now : undefined };
  }
}

const unlinkQuiet = (path: string) => {
  try {
    unlinkSync(path);
  } catch {
    // gone already (or never there): what was wanted
  }
};

/**
 * A build folder's tokens as its writers fill it (FolderWriter). `previous`: the build linked from
 * (dist's). `held`: what the folder held when it was recycled from an older build, else none. A
 * file to be linked whose token the recycled folder holds at the same path stays as it is; any
 * other file there is removed before the new one is put in (a recycled file may be a link to one
 * of dist's: written into, it would change dist). At the end, what no writer placed goes (`clearLeft`).
 */
export class Ledger {
  readonly now: FolderTokens = new Map();
  /** False once a file was put in that the ledger did not see (a whole search index written on a worker). */
  complete = true;

  constructor(
    readonly root: string,
    readonly previous: KnownBuild | undefined,
    private readonly held: TokenView | undefined,
  ) {}

  get recycled(): boolean {
    return this.held !== undefined;
  }

  /** `target` is to be written: the file there, if any, goes first. */
  clear(target: string): void {
    const path = this.relative(target);
    if (this.held?.has(path) || this.now.has(path)) unlinkQuiet(target);
    this.now.set(path, target);
  }

  /**
   * `source` is to be linked at `target`: 'there' when this build put a file there already (as a
   * link made would find it), 'held' when the recycled folder holds that very file, else the way
   * cleared for the link.
   */
  place(source: string, target: string): 'there' | 'held' | 'link' {
    const path = this.relative(target);
    if (this.now.has(path)) return 'there';
    const token = this.tokenOf(source);
    const before = this.held?.get(path);
    this.now.set(path, token);
    if (before === token) return 'held';
    if (before !== undefined) unlinkQuiet(target);
    return 'link';
  }

  /** A file placed is taken back (its set failed). */
  forget(target: string): void {
    this.now.delete(this.relative(target));
  }

  /** The recycled folder's files no writer placed, removed, and the folders they leave empty. */
  clearLeft(): void {
    if (!this.held) return;
    const folders = new Set<string>();
    for (const path of this.held.keys()) {
      if (this.now.has(path)) continue;
      unlinkQuiet(`${this.root}${sep}${path}`);
      for (let folder = dirname(path); folder !== '.' && !folders.has(folder); folder = dirname(folder))
        folders.add(folder);
    }
    // Deepest first: a folder emptied may leave its parent empty.
    for (const folder of [...folders].sort((a, b) => b.length - a.length)) {
      try {
        rmdirSync(`${this.root}${sep}${folder}`);
      } catch {
        // not empty (or gone): stays
      }
    }
  }

  private tokenOf(source: string): string {
    const previous = this.previous;
    if (previous && source.startsWith(previous.dir) && source[previous.dir.length] === sep)
      return previous.tokens?.get(source.slice(previous.dir.length + 1)) ?? source;
    return source;
  }

  private relative(target: string): string {
    return target.slice(this.root.length + 1);
  }
}
