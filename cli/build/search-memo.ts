import { closeSync, mkdirSync, openSync, readFileSync, renameSync, writevSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { temporaryPath, writeAtomicSync } from '../images/cache.ts';
import type { IndexedPage } from './search-records.ts';

const TAB = 9;
const NEWLINE = 10;
const NOTHING = Buffer.alloc(0);

/**
 * A page's line of the records memo, `file \t identity \t length \t shown \t terms \n` (shown: its
 * title and text as JSON, length: its bytes, terms: JSON; neither holds a raw tab or newline),
 * kept as the bytes read: its parts are decoded when asked for. The length says where the terms
 * start: a memo of 4,100 pages is opened without a search through each page's text (issue 21).
 * Kept in two parts, its head (`file \t identity \t length \t`) and its record (the rest), written
 * as they are: a page's record as its render sent it is not joined to its head into a copy (4,100
 * such copies, 14 MB, were ~0.1 s of a first build's search stage, alone on the main thread).
 */
export class MemoLine {
  readonly head: Buffer;
  readonly record: Buffer;
  /** Where the file and the identity end in the head, and the shown text in the record; -1: the line is cut short there. */
  private readonly fileEnd: number;
  private readonly identityEnd: number;
  private readonly shownEnd: number;

  /** A line as read, or (`record` given) the head of one and its record. */
  constructor(bytes: Buffer, record?: Buffer) {
    this.fileEnd = bytes.indexOf(TAB);
    this.identityEnd = this.fileEnd < 0 ? -1 : bytes.indexOf(TAB, this.fileEnd + 1);
    const lengthEnd = this.identityEnd < 0 ? -1 : bytes.indexOf(TAB, this.identityEnd + 1);
    this.head = lengthEnd < 0 ? bytes : bytes.subarray(0, lengthEnd + 1);
    this.record = record ?? (lengthEnd < 0 ? NOTHING : bytes.subarray(lengthEnd + 1));
    const length = lengthEnd < 0 ? -1 : Number(bytes.toString('latin1', this.identityEnd + 1, lengthEnd));
    this.shownEnd = this.record[length] === TAB ? length : -1;
  }

  /** `record`: its bytes as the render sent them, `shown \t terms \n` (cli/build/search-rendered.ts, recordBytes). */
  static of(file: string, identity: string, record: Uint8Array): MemoLine {
    const bytes = Buffer.from(record.buffer, record.byteOffset, record.byteLength);
    return new MemoLine(Buffer.from(`${file}\t${identity}\t${bytes.indexOf(TAB)}\t`), bytes);
  }

  get complete(): boolean {
    return this.shownEnd >= 0 && this.record.at(-1) === NEWLINE;
  }

  get file(): string {
    return this.head.toString('utf8', 0, this.fileEnd);
  }

  get identity(): string {
    return this.head.toString('utf8', this.fileEnd + 1, this.identityEnd);
  }

  get shown(): string {
    return this.record.toString('utf8', 0, this.shownEnd);
  }

  get terms(): IndexedPage['terms'] {
    return JSON.parse(this.record.toString('utf8', this.shownEnd + 1, this.record.length - 1)) as IndexedPage['terms'];
  }
}

/** Files the memo's lines are spread over, by a hash of the page's file name. */
export const SHARDS = 64;

/** The shard of a page's line: FNV-1a of its file name's code units. */
export function shardOf(file: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < file.length; at++) hash = Math.imul(hash ^ file.charCodeAt(at), 0x01000193);
  return (hash >>> 0) % SHARDS;
}

/** The head's first field: this version of the memo's form. */
const FORM = '#search records 2';
const HEAD = 'head';
const shardFile = (dir: string, shard: number) => join(dir, `${shard}.lines`);

/** A memo's head: the version of the memo, and the version each shard must begin with. */
export interface MemoHead {
  version: string;
  shards: string[];
}

/**
 * The records memo as stored: a folder of SHARDS files of lines, each beginning with its version,
 * and a head naming the tool that wrote them, the memo's version (the search index memo names
 * the version its index was made from) and each shard's. A shard whose version is not the head's
 * for it (written by a build beside this one after the head was read, or before a crash cut the
 * memo short) has no lines. An edit build reads only the shards of the pages it changed and
 * writes only those again: the memo as one file, 14 MB at 4,000 sources, was read, split and
 * written whole in every build (~40 ms of an edit build's main thread, and its garbage; issue 21).
 */
export const memoFolder = {
  /** The head of the memo in `dir` written by `tool`, or none (no memo, or another tool's). */
  head(dir: string, tool: string): MemoHead | undefined {
    let text: string;
    try {
      text = readFileSync(join(dir, HEAD), 'utf8');
    } catch {
      return undefined;
    }
    const [first = '', second = ''] = text.split('\n');
    const [form, writtenBy, version] = first.split('\t');
    const shards = second.split('\t');
    return form === FORM && writtenBy === tool && version && shards.length === SHARDS ? { version, shards } : undefined;
  },

  /** The whole lines of a shard that begins with `version`, by file (none when it cannot be read). */
  shard(dir: string, shard: number, version: string): Map<string, MemoLine> {
    const lines = new Map<string, MemoLine>();
    let bytes: Buffer;
    try {
      bytes = readFileSync(shardFile(dir, shard));
    } catch {
      return lines;
    }
    const first = bytes.indexOf(NEWLINE);
    if (first < 0 || bytes.toString('latin1', 0, first) !== version) return lines;
    for (
      let start = first + 1, end = bytes.indexOf(NEWLINE, start);
      end >= 0;
      start = end + 1, end = bytes.indexOf(NEWLINE, start)
    ) {
      const line = new MemoLine(bytes.subarray(start, end + 1));
      if (line.complete) lines.set(line.file, line);
    }
    return lines;
  },

  /**
   * The `shards` given written, each with its lines, then the head that names them (the others as
   * `before` named them): a memo of a new version, returned. Synchronous: in a build with every
   * page new, 64 promised writes queued behind the image stage in the thread pool (as the
   * Markdown cache's did).
   */
  write(
    dir: string,
    tool: string,
    before: MemoHead | undefined,
    shards: ReadonlyMap<number, readonly MemoLine[]>,
  ): MemoHead {
    mkdirSync(dir, { recursive: true });
    const version = randomBytes(9).toString('base64url');
    const head = { version, shards: before ? [...before.shards] : Array<string>(SHARDS).fill('') };
    for (const [shard, lines] of shards) {
      const path = shardFile(dir, shard);
      const temporary = temporaryPath(path);
      const fd = openSync(temporary, 'w');
      try {
        // Each line's bytes as they are, in one call: not joined into a copy first.
        writevSync(fd, [Buffer.from(`${version}\n`), ...lines.flatMap((line) => [line.head, line.record])]);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, path);
      head.shards[shard] = version;
    }
    writeAtomicSync(join(dir, HEAD), `${FORM}\t${tool}\t${version}\n${head.shards.join('\t')}\n`);
    return head;
  },
};
