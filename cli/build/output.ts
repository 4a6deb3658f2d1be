import { mkdir, rename, rm, symlink, writeFile, readdir, lstat, readlink } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';

/**
 * The build output, written beside the current one and switched in at the end. `dist` is a
 * symbolic link to a complete build: replacing a link with rename(2) is atomic, so a build
 * that fails or is killed leaves `dist` exactly as it was (two directory renames could not
 * promise that). Builds live in `.<name>-builds/` next to `dist`; the previous one is kept.
 */
export class OutputDir {
  readonly out: string;
  readonly dir: string;
  private bytesWritten = 0;
  private filesWritten = 0;

  private constructor(out: string, dir: string) {
    this.out = out;
    this.dir = dir;
  }

  static async create(out: string): Promise<OutputDir> {
    const absolute = resolve(out);
    const store = buildsFolder(absolute);
    await mkdir(store, { recursive: true });
    const dir = join(store, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
    await mkdir(dir);
    return new OutputDir(absolute, dir);
  }

  get bytes(): number {
    return this.bytesWritten;
  }

  get files(): number {
    return this.filesWritten;
  }

  async write(path: string, contents: string | Uint8Array): Promise<void> {
    const target = join(this.dir, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, contents);
    this.filesWritten++;
    this.bytesWritten += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
  }

  /** Account for files another stage wrote straight into the folder (images, islands). */
  count(files: number, bytes: number): void {
    this.filesWritten += files;
    this.bytesWritten += bytes;
  }

  /** Point `out` at this build, atomically; then drop builds older than the previous one. */
  async commit(): Promise<void> {
    const link = `${this.out}.link-${process.pid}`;
    await rm(link, { force: true });
    await symlink(relative(dirname(this.out), this.dir), link);
    const existing = await lstat(this.out).catch(() => undefined);
    if (existing?.isDirectory()) {
      // A real folder from elsewhere (an older tool, a copy): keep it as a build, once.
      await rename(this.out, join(buildsFolder(this.out), `0-adopted-${Date.now()}`));
    }
    await rename(link, this.out);
    await this.prune();
  }

  /** Remove this unfinished build (on failure). */
  async discard(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }

  private async prune(): Promise<void> {
    const store = buildsFolder(this.out);
    const current = basename(this.dir);
    const builds = (await readdir(store)).sort();
    const previous = builds.filter((name) => name < current).pop();
    const keep = new Set([current, previous]);
    await Promise.all(builds.filter((name) => !keep.has(name)).map((name) => rm(join(store, name), { recursive: true, force: true })));
  }
}

export const buildsFolder = (out: string): string => join(dirname(resolve(out)), `.${basename(out)}-builds`);

/** Where `out` points now, if it is a build link. */
export async function currentBuild(out: string): Promise<string | undefined> {
  const target = await readlink(out).catch(() => undefined);
  return target === undefined ? undefined : resolve(dirname(out), target);
}
