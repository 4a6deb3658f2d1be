import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { outputFile } from '../../shared/paths.ts';
import { temporaryPath } from '../images/cache.ts';
import { writeContents } from './folder-writer.ts';
import type { IndexedPage } from './search-records.ts';
import { recordBytes, renderedRecord } from './search-rendered.ts';

/** A page of the search index: its URL and language. */
export interface SearchPage {
  url: string;
  locale: string;
}

const TAB = 9;
const NEWLINE = 10;
const LINE_END = Buffer.from('\n');

/**
 * A page's line of the memo, `file \t identity \t length \t shown \t terms \n` (shown: its title
 * and text as JSON, length: its bytes, terms: JSON; neither holds a raw tab or newline), kept as
 * the bytes read: its parts are decoded when asked for. The length says where the terms start:
 * a memo of 4,100 pages is opened without a search through each page's text (issue 21).
 */
class MemoLine {
  private readonly tabs: number[] = [];

  constructor(readonly bytes: Buffer) {
    for (let at = bytes.indexOf(TAB); at >= 0 && this.tabs.length < 3; at = bytes.indexOf(TAB, at + 1))
      this.tabs.push(at);
    const [, identityEnd, lengthEnd] = this.tabs;
    if (lengthEnd === undefined) return;
    const termsStart = lengthEnd + 1 + Number(bytes.toString('latin1', identityEnd! + 1, lengthEnd));
    if (bytes[termsStart] === TAB) this.tabs.push(termsStart);
  }

  /** `record`: its bytes as the render sent them, `shown \t terms` (cli/build/search-rendered.ts, recordBytes). */
  static of(file: string, identity: string, record: Uint8Array): MemoLine {
    const length = Buffer.from(record.buffer, record.byteOffset, record.byteLength).indexOf(TAB);
    return new MemoLine(Buffer.concat([Buffer.from(`${file}\t${identity}\t${length}\t`), record, LINE_END]));
  }

  get complete(): boolean {
    return this.tabs.length === 4 && this.bytes.at(-1) === NEWLINE;
  }

  get file(): string {
    return this.bytes.toString('utf8', 0, this.tabs[0]);
  }

  get identity(): string {
    return this.bytes.toString('utf8', this.tabs[0]! + 1, this.tabs[1]);
  }

  get shown(): string {
    return this.bytes.toString('utf8', this.tabs[2]! + 1, this.tabs[3]);
  }

  get terms(): IndexedPage['terms'] {
    return JSON.parse(this.bytes.toString('utf8', this.tabs[3]! + 1, this.bytes.length - 1)) as IndexedPage['terms'];
  }
}

/** The memo's first line: the tool that wrote it, and this version of the memo. */
const TOOL = '#tool';

/**
 * The records of the pages as the build wrote them into `dir` (public/). Each is remembered in
 * `memo` with the identity of its file (device, inode, size, modification time): a page the next
 * build links unchanged from this one is the same file, and is neither read nor tokenised again.
 * A page rendered by this build comes with the record its render made; only a page without one
 * is read back. Synchronous reads: about a third of the CPU of promise-based ones for files this
 * small, and the stage has nothing else to do.
 *
 * The memo is a line a page, kept as the bytes read: an edit build decodes only the lines of the
 * pages it changed (the rest of the index is mended, cli/build/search-patch.ts) and writes the
 * others back as they were. Read and split as text and joined again, the memo of 4,100 pages
 * (14 MB) cost 120 ms and 80 MB at the peak.
 */
export class PagesOnDisk {
  private readonly now = new Map<string, MemoLine>();
  private changes = false;
  /** Pages not as the memo has them so far: tokenised, by their render or here. */
  tokenised = 0;
  /** Of those, the files read back and tokenised here (no record from their render). */
  reads = 0;

  private constructor(
    private readonly dir: string,
    private readonly memo: string,
    private readonly known: ReadonlyMap<string, MemoLine>,
    private readonly tool: string,
    /** Names this version of the memo: the search index memo names the version its index was made from. */
    public token: string | undefined,
  ) {}

  /** `tool`: the build of the tool that runs (another may read pages otherwise: its records are not used). */
  static async open(dir: string, memo: string, tool: string): Promise<PagesOnDisk> {
    const known = new Map<string, MemoLine>();
    // None yet, unreadable, or written by another tool: every page is read.
    const bytes = await readFile(memo).catch(() => Buffer.alloc(0));
    const first = bytes.indexOf(NEWLINE);
    const [mark, writtenBy, token] = bytes.toString('utf8', 0, Math.max(first, 0)).split('\t');
    if (mark !== TOOL || writtenBy !== tool) return new PagesOnDisk(dir, memo, known, tool, undefined);
    for (let start = first + 1, end = bytes.indexOf(NEWLINE, start); end > 0; end = bytes.indexOf(NEWLINE, start)) {
      const line = new MemoLine(bytes.subarray(start, end + 1));
      if (line.complete) known.set(line.file, line);
      start = end + 1;
    }
    return new PagesOnDisk(dir, memo, known, tool, token);
  }

  /**
   * Whether the page's file is not the one the memo names: its record is then the one its render
   * made (`rendered`, its terms parsed when asked for), else its file is read and tokenised now.
   * `linked`: a page not rendered now was linked unchanged from the build folder this memo was
   * written for (the same file, as the hard link keeps its identity): its line is kept without
   * looking at the file (a stat of each of 4,100 pages was 15-40 ms of an edit build; issue 21).
   */
  changed(page: SearchPage, rendered?: Uint8Array, linked = false): boolean {
    const file = outputFile(page.url);
    const known = this.known.get(file);
    if (linked && !rendered && known) {
      this.now.set(file, known);
      return false;
    }
    const path = join(this.dir, file);
    const { dev, ino, size, mtimeNs } = statSync(path, { bigint: true });
    const identity = `${dev}:${ino}:${size}:${mtimeNs}`;
    if (known?.identity === identity) {
      this.now.set(file, known);
      return false;
    }
    this.tokenised += 1;
    this.changes = true;
    if (!rendered) this.reads += 1;
    this.now.set(
      file,
      MemoLine.of(file, identity, rendered ?? recordBytes(renderedRecord(readFileSync(path, 'utf8')))),
    );
    return true;
  }

  /** Its terms as indexed now (after `changed`). */
  terms(url: string): IndexedPage['terms'] {
    return this.now.get(outputFile(url))!.terms;
  }

  /** Its title and text as shown (no terms parsed). */
  shown(url: string): string {
    return this.now.get(outputFile(url))!.shown;
  }

  /** Its terms when the memo was written. */
  termsBefore(url: string): IndexedPage['terms'] {
    return this.known.get(outputFile(url))?.terms ?? [];
  }

  /** Remembers this build's pages (only them: the memo does not grow with pages gone), the lines unchanged as they were read. */
  async save(): Promise<void> {
    if (!this.changes && this.now.size === this.known.size) return;
    await mkdir(dirname(this.memo), { recursive: true });
    this.token = randomBytes(9).toString('base64url');
    const lines = [
      Buffer.from(`${TOOL}\t${this.tool}\t${this.token}\n`),
      ...[...this.now.values()].map((line) => line.bytes),
    ];
    const temporary = temporaryPath(this.memo);
    await writeContents(temporary, lines);
    await rename(temporary, this.memo);
  }
}
