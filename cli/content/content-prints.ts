import { mkdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import { settled } from '../build/file-settled.ts';
import { writeAtomicSync } from '../images/cache.ts';
import { contentHash } from './content-hash.ts';
import { readText, type SourceFile } from './read.ts';

/** Where the prints are kept between builds. */
export const contentPrintsFile = (root: string): string => join(root, '.site', 'cache', 'content-prints.json');

/**
 * What a content file was when it was last read: its size, times and inode, the hash of the text
 * it had, and whether the print may stand for that text (1: its last change was older than the
 * clock step before the read, ../build/file-settled.ts) or only tells that text apart (0).
 */
type Entry = [size: number, mtimeMs: number, ctimeMs: number, ino: number, hash: string, settled: 0 | 1];

// One options object for thousands of stats, and paths joined as text (./read.ts `readText`).
const NO_THROW = { throwIfNoEntry: false } as const;

const sameFile = (entry: Entry, now: Stats) =>
  entry[0] === now.size && entry[1] === now.mtimeMs && entry[2] === now.ctimeMs && entry[3] === now.ino;

const isEntry = (value: unknown): value is Entry =>
  Array.isArray(value) &&
  value.length === 6 &&
  value.slice(0, 4).every((part) => typeof part === 'number') &&
  typeof value[4] === 'string' &&
  (value[5] === 0 || value[5] === 1);

/** The files' hashes, in the order of the paths given, or the files read while finding them. */
export type Known = { hashes: string[]; read: SourceFile[] } | { hashes: undefined; read: SourceFile[] };

/**
 * The content files' prints from one `site build` to the next (issue 21): with nothing changed,
 * a build stats the 4,000 texts of a large site instead of reading and hashing them. The texts are
 * still read whenever the build goes on: only the answer "nothing changed" is taken from prints.
 */
export class ContentPrints {
  private changed = false;

  private constructor(
    private readonly root: string,
    private readonly entries: Map<string, Entry>,
    /**
     * The texts read, kept by a process that builds again and again with these prints (`site build
     * --watch`): a file whose print still answers for its text is not read again (`text`). A
     * single build keeps none: the texts would stay in its heap to its end.
     */
    private readonly texts?: Map<string, SourceFile>,
  ) {}

  static read(root: string, { remember = false } = {}): ContentPrints {
    const entries = new Map<string, Entry>();
    try {
      const stored = JSON.parse(readFileSync(contentPrintsFile(root), 'utf8')) as Record<string, unknown>;
      for (const [path, entry] of Object.entries(stored)) if (isEntry(entry)) entries.set(path, entry);
    } catch {
      // none yet, or not whole: every file is read
    }
    return new ContentPrints(root, entries, remember ? new Map() : undefined);
  }

  /** A file's text: the one remembered while the file's print, settled, is of that text; else read. */
  text(path: string): SourceFile {
    const known = this.texts?.get(path);
    const entry = known && this.entries.get(path);
    const now = entry?.[5] ? statSync(`${this.root}/${path}`, NO_THROW) : undefined;
    return now && sameFile(entry!, now) && entry![4] === contentHash(known!) ? known! : readText(this.root, path);
  }

  /** Keep these texts for `text` (when remembering), dropping those of files no longer listed. */
  remember(files: readonly SourceFile[]): void {
    if (!this.texts) return;
    this.texts.clear();
    for (const file of files) this.texts.set(file.path, file);
  }

  /**
   * Each file's hash by its print: a file whose print is as recorded (and was settled) is not read.
   * Any other is read and hashed: when its text is not the one recorded (an edit, a new file) the
   * search stops there, since the build goes on and reads every file (`hashes` undefined). The most
   * recently changed files are looked at first, so an edit is found after a stat or two.
   */
  known(paths: readonly string[]): Known {
    const readFrom = Date.now();
    const read: SourceFile[] = [];
    const hashes = new Map<string, string>();
    const order = paths.map((path) => ({ path, entry: this.entries.get(path) }));
    order.sort((a, b) => changedMs(b.entry) - changedMs(a.entry));
    for (const { path, entry } of order) {
      if (!entry) return { hashes: undefined, read };
      const now = statSync(`${this.root}/${path}`, NO_THROW);
      if (now && entry[5] && sameFile(entry, now)) {
        hashes.set(path, entry[4]);
        continue;
      }
      const file = readText(this.root, path);
      read.push(file);
      this.record(file, readFrom);
      if (contentHash(file) !== entry[4]) return { hashes: undefined, read };
      hashes.set(path, entry[4]);
    }
    return { hashes: paths.map((path) => hashes.get(path)!), read };
  }

  /** A file's hash by its print, when its print is as recorded and settled; none when it is to be read. */
  hashOf(path: string): string | undefined {
    const entry = this.entries.get(path);
    const now = entry?.[5] ? statSync(`${this.root}/${path}`, NO_THROW) : undefined;
    return now && sameFile(entry!, now) ? entry![4] : undefined;
  }

  /**
   * Records the prints of the files a build read from `readFrom` whose texts are not the ones
   * recorded (new, edited) or whose prints were not settled; not those of every file, which would
   * cost every edit build a stat a file.
   */
  take(files: readonly SourceFile[], readFrom: number): void {
    for (const file of files) {
      const entry = this.entries.get(file.path);
      if (entry?.[5] !== 1 || entry[4] !== contentHash(file)) this.record(file, readFrom);
    }
  }

  /**
   * A stat after the read, kept as settled only when the file's last change was a clock step
   * before the read began: a write during or after the read sets the change time past that.
   */
  private record(file: SourceFile, readFrom: number): void {
    const now = statSync(`${this.root}/${file.path}`, NO_THROW);
    if (!now) return;
    const stable = settled(Math.max(now.mtimeMs, now.ctimeMs), readFrom) ? 1 : 0;
    this.entries.set(file.path, [now.size, now.mtimeMs, now.ctimeMs, now.ino, contentHash(file), stable]);
    this.changed = true;
  }

  /** Writes the prints when a file's changed, leaving out files no longer listed. */
  keep(paths: readonly string[]): void {
    const listed = new Set(paths);
    const kept = [...this.entries].filter(([path]) => listed.has(path));
    if (!this.changed && kept.length === this.entries.size) return;
    const file = contentPrintsFile(this.root);
    try {
      // A first build keeps its prints before any other stage has made .site/cache: without the
      // folder the first no-op after a cold build read and hashed every text again.
      mkdirSync(dirname(file), { recursive: true });
      writeAtomicSync(file, JSON.stringify(Object.fromEntries(kept)));
    } catch {
      // a read-only disk: every text is read next time
    }
  }
}

const changedMs = (entry: Entry | undefined) => (entry ? Math.max(entry[1], entry[2]) : Infinity);
