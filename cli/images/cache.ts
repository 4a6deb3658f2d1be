import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { knownAs, printsToKeep, recallPrints, rememberFile, sha256 } from './fingerprint.ts';
import type { SourceInfo } from './plan.ts';

/** One made file, by its variant key (see plan.ts); `hash` is the sha256 of its bytes. */
export interface CachedFile {
  hash: string;
  width: number;
  height: number;
  bytes: number;
  extension: string;
}

/** What the cache knows about one source, by the sha256 of its bytes (so a rename costs nothing). */
export interface CacheEntry {
  info?: SourceInfo;
  /** Placeholder data URIs by options key. */
  placeholders: Record<string, string>;
  files: Record<string, CachedFile>;
}

// Bumped when the entry's shape changes: older entries are then ignored, never misread.
const LAYOUT = 1;

const isSourceInfo = (value: unknown): value is SourceInfo => {
  const info = value as Partial<SourceInfo> | undefined;
  return (
    typeof info?.width === 'number' &&
    typeof info.height === 'number' &&
    typeof info.format === 'string' &&
    typeof info.transparent === 'boolean'
  );
};

/** A name beside `path` that no other process or call writes: written whole, then renamed to `path`. */
export const temporaryPath = (path: string) => `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;

/** Writes to a private name, then renames: a crash or a second build never leaves half a file. */
export async function writeAtomic(path: string, data: Buffer | string): Promise<void> {
  const temporary = temporaryPath(path);
  await writeFile(temporary, data);
  await rename(temporary, path);
}

/** writeAtomic for a caller that must not yield to the thread pool (see MarkdownCache.save). */
export function writeAtomicSync(path: string, data: Buffer | string): void {
  const temporary = temporaryPath(path);
  writeFileSync(temporary, data);
  renameSync(temporary, path);
}

/**
 * Content-addressed store under <root>/.site/cache/images: `files/<sha256>.<ext>` holds made files,
 * `entries/<source sha256>.json` says which file belongs to which source and settings. Nothing in it
 * is trusted blindly: an entry that does not parse is empty, a file whose bytes do not hash to its
 * name is missing; either way the work is redone.
 */
export class ImageCache {
  readonly dir: string;
  private ready: Promise<unknown> | undefined;
  private recalling: Promise<void> | undefined;
  /** prints.json as read or last written: written again only when the prints changed. */
  private kept: string | undefined;

  constructor(dir: string) {
    this.dir = dir;
  }

  private ensureDirs(): Promise<unknown> {
    this.ready ??= Promise.all([
      mkdir(join(this.dir, 'files'), { recursive: true }),
      mkdir(join(this.dir, 'entries'), { recursive: true }),
    ]);
    return this.ready;
  }

  private entryPath(sourceHash: string): string {
    return join(this.dir, 'entries', `${sourceHash}.json`);
  }

  filePath(file: Pick<CachedFile, 'hash' | 'extension'>): string {
    return join(this.dir, 'files', `${file.hash}.${file.extension}`);
  }

  async readEntry(sourceHash: string): Promise<CacheEntry> {
    const empty: CacheEntry = { placeholders: {}, files: {} };
    try {
      const parsed = JSON.parse(await readFile(this.entryPath(sourceHash), 'utf8')) as {
        layout?: number;
      } & Partial<CacheEntry>;
      if (parsed.layout !== LAYOUT || typeof parsed.files !== 'object' || typeof parsed.placeholders !== 'object')
        return empty;
      return {
        ...(isSourceInfo(parsed.info) ? { info: parsed.info } : {}),
        placeholders: parsed.placeholders ?? {},
        files: parsed.files ?? {},
      };
    } catch {
      return empty; // missing, or cut short by a crash: treated as never made
    }
  }

  async writeEntry(sourceHash: string, entry: CacheEntry): Promise<void> {
    await this.ensureDirs();
    await writeAtomic(this.entryPath(sourceHash), JSON.stringify({ layout: LAYOUT, ...entry }));
  }

  /**
   * True when the file is there and its bytes still hash to its name. A damaged file is left
   * where it is: the re-made one replaces it with one rename, so a build running beside this one
   * never finds the name missing (builds share a cache: CI steps, test copies of a project).
   */
  async verify(file: CachedFile): Promise<boolean> {
    const path = this.filePath(file);
    if (await knownAs(path, file.hash)) return true;
    try {
      const data = await readFile(path);
      if (data.length !== file.bytes || sha256(data) !== file.hash) return false;
      await rememberFile(path, file.hash);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The prints (size, times, inode and hash: ./fingerprint.ts) an earlier build kept in
   * `prints.json`: each source image and made file it hashed costs one stat now, not a read and a
   * hash (44 sources and their made files at 4,000 pages: 15 MB a build). Read once per cache
   * object; a missing or damaged file recalls nothing, and everything is hashed as in a first build.
   */
  recallPrints(): Promise<void> {
    this.recalling ??= readFile(join(this.dir, 'prints.json'), 'utf8')
      .then((text) => {
        this.kept = text;
        recallPrints(text);
      })
      .catch(() => undefined);
    return this.recalling;
  }

  /** Keeps the prints for the next build, when this one learnt any. */
  async keepPrints(): Promise<void> {
    const prints = printsToKeep();
    if (prints === this.kept) return;
    await this.ensureDirs();
    await writeAtomic(join(this.dir, 'prints.json'), prints);
    this.kept = prints;
  }

  async putFile(data: Buffer, extension: string, size: { width: number; height: number }): Promise<CachedFile> {
    await this.ensureDirs();
    const file: CachedFile = {
      hash: sha256(data),
      width: size.width,
      height: size.height,
      bytes: data.length,
      extension,
    };
    await writeAtomic(this.filePath(file), data);
    await rememberFile(this.filePath(file), file.hash);
    return file;
  }
}
