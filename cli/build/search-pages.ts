import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { outputFile } from '../../shared/paths.ts';
import { type MemoHead, MemoLine, memoFolder, SHARDS, shardOf } from './search-memo.ts';
import type { IndexedPage } from './search-records.ts';
import { recordBytes, renderedRecord } from './search-rendered.ts';

/** A page of the search index: its URL and language. */
export interface SearchPage {
  url: string;
  locale: string;
}

/** What the build knows of the pages it did not render: see PagesOnDisk.changedPages. */
export interface LinkedPages {
  /** They were linked unchanged from the build folder the memo was written for. */
  linked: boolean;
  /** And the memo has a line for each page of this build, and for no other. */
  samePages: boolean;
}

/**
 * The records of the pages as the build wrote them into `dir` (public/). Each is remembered in
 * the memo (cli/build/search-memo.ts) with the identity of its file (device, inode, size,
 * modification time): a page the next build links unchanged from this one is the same file, and
 * is neither read nor tokenised again. A page rendered by this build comes with the record its
 * render made; only a page without one is read back. Synchronous reads: about a third of the CPU
 * of promise-based ones for files this small, and the stage has nothing else to do.
 *
 * A line is kept as the bytes read: an edit build decodes only the lines of the pages it changed
 * (the rest of the index is mended, cli/build/search-patch.ts) and writes the others back as
 * they were, and when the memo's pages are the build's, it reads and writes only the shards of
 * the pages it changed.
 */
export class PagesOnDisk {
  /** The memo's shards read so far: each its lines by file. */
  private readonly shards = new Map<number, Map<string, MemoLine>>();
  /** The lines of this build's pages that are not the memo's; when the memo is written whole, every page's line. */
  private readonly now = new Map<string, MemoLine>();
  /** Whether the memo is written whole from `now`, or only the shards of the lines that changed. */
  private whole = true;
  private readonly changedShards = new Set<number>();
  /** Pages not as the memo has them so far: tokenised, by their render or here. */
  tokenised = 0;
  /** Of those, the files read back and tokenised here (no record from their render). */
  reads = 0;

  private constructor(
    private readonly dir: string,
    private readonly memo: string,
    private readonly tool: string,
    private head: MemoHead | undefined,
  ) {}

  /** Names this version of the memo: the search index memo names the version its index was made from. */
  get token(): string | undefined {
    return this.head?.version;
  }

  /**
   * The memo in the folder `memo`. `tool`: the build of the tool that runs (another may read
   * pages otherwise: its records are not used, nor one cut short).
   */
  static open(dir: string, memo: string, tool: string): PagesOnDisk {
    return new PagesOnDisk(dir, memo, tool, memoFolder.head(memo, tool));
  }

  /**
   * The URLs of the pages whose file is not the one the memo names: each has the record its
   * render made (`rendered`, taken out once its line is made: ~14 MB of text at 4,000 pages, not
   * kept until the build ends), else its file is read and tokenised now. `linked`: a page not
   * rendered now has its line kept without a look at its file (the hard link is the same file and
   * keeps its identity: a stat of each of 4,100 pages was 15-40 ms of an edit build); with
   * `samePages` too, the lines of those pages are not even read: they stay in their shards, and
   * only the shards of the changed pages are read and written again (issue 21).
   */
  changedPages(
    pages: readonly SearchPage[],
    rendered: Map<string, Uint8Array> | undefined,
    { linked, samePages }: LinkedPages,
  ): Set<string> {
    this.whole = !(linked && samePages && this.token !== undefined);
    const changed = new Set<string>();
    for (const page of pages) {
      const record = rendered?.get(page.url);
      rendered?.delete(page.url);
      if (!record && !this.whole) continue;
      const file = outputFile(page.url);
      const known = this.remembered(file);
      if (linked && !record && known) this.now.set(file, known);
      else if (this.look(file, known, record)) changed.add(page.url);
    }
    return changed;
  }

  /** Its terms as indexed now (after `changedPages`). */
  terms(url: string): IndexedPage['terms'] {
    return this.line(outputFile(url)).terms;
  }

  /** Its title and text as shown (no terms parsed). */
  shown(url: string): string {
    return this.line(outputFile(url)).shown;
  }

  /** Its record as indexed now, `shown \t terms \n` (after `changedPages`). */
  record(url: string): Uint8Array {
    return this.line(outputFile(url)).record;
  }

  /** Its terms when the memo was written. */
  termsBefore(url: string): IndexedPage['terms'] {
    return this.remembered(outputFile(url))?.terms ?? [];
  }

  /** Whether the memo has its line (its terms before are known: an index can be mended for it). */
  remembers(url: string): boolean {
    return this.remembered(outputFile(url)) !== undefined;
  }

  /**
   * Remembers this build's pages: written whole, only them (the memo does not grow with pages
   * gone), or only the shards whose lines changed; the lines unchanged as they were read.
   */
  save(): void {
    const shards = new Map<number, MemoLine[]>();
    if (this.whole) {
      const known = [...this.shards.values()].reduce((sum, lines) => sum + lines.size, 0);
      if (this.changedShards.size === 0 && this.now.size === known) return;
      for (let shard = 0; shard < SHARDS; shard++) shards.set(shard, []);
      for (const [file, line] of this.now) shards.get(shardOf(file))!.push(line);
    } else {
      for (const shard of this.changedShards)
        shards.set(
          shard,
          [...this.shards.get(shard)!.values()].map((line) => this.now.get(line.file) ?? line),
        );
      // A line the shard did not have (read back: it was cut short) goes at its end.
      for (const [file, line] of this.now)
        if (!this.shards.get(shardOf(file))!.has(file)) shards.get(shardOf(file))!.push(line);
    }
    if (shards.size) this.head = memoFolder.write(this.memo, this.tool, this.head, shards);
  }

  /** Its line in the memo, its shard read when first asked for (every shard, at the first, when the memo is written whole). */
  private remembered(file: string): MemoLine | undefined {
    const head = this.head;
    if (!head) return undefined;
    const shard = shardOf(file);
    let lines = this.shards.get(shard);
    if (!lines) {
      const read = (each: number) => this.shards.set(each, memoFolder.shard(this.memo, each, head.shards[each]!));
      if (this.whole && this.shards.size === 0) for (let each = 0; each < SHARDS; each++) read(each);
      else read(shard);
      lines = this.shards.get(shard)!;
    }
    return lines.get(file);
  }

  /** Its line now: made by this build, else the memo's; one the memo should have had and has not (cut short) is made now. */
  private line(file: string): MemoLine {
    const line = this.now.get(file) ?? this.remembered(file);
    if (line) return line;
    this.look(file, undefined, undefined);
    return this.now.get(file)!;
  }

  /** Whether the file is not the one `known` names: then its line is made of `record`, or of the file read and tokenised. */
  private look(file: string, known: MemoLine | undefined, record: Uint8Array | undefined): boolean {
    const path = join(this.dir, file);
    const { dev, ino, size, mtimeNs } = statSync(path, { bigint: true });
    const identity = `${dev}:${ino}:${size}:${mtimeNs}`;
    if (known?.identity === identity) {
      if (this.whole) this.now.set(file, known);
      return false;
    }
    this.tokenised += 1;
    if (!record) this.reads += 1;
    this.changedShards.add(shardOf(file));
    this.now.set(file, MemoLine.of(file, identity, record ?? recordBytes(renderedRecord(readFileSync(path, 'utf8')))));
    return true;
  }
}
