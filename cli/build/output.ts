import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, symlink, readdir, lstat, readlink } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { FolderWriter } from './folder-writer.ts';
import { Ledger, type RecentBuilds } from './ledger.ts';

/**
 * The build output, written beside the current one and switched in at the end. `dist` is a
 * symbolic link to a complete build: replacing a link with rename(2) is atomic, so a build
 * that fails or is killed leaves `dist` exactly as it was (two directory renames could not
 * promise that). Builds live in `.<name>-builds/` next to `dist`; the previous one is kept.
 * Everything in it is written through it (a FolderWriter).
 */
export class OutputDir extends FolderWriter {
  readonly out: string;
  /** The removal of the builds older than the current one, begun when this one was (see create). */
  readonly clearing: Promise<void>;

  private constructor(
    out: string,
    dir: string,
    clearing: Promise<void>,
    private readonly recent?: RecentBuilds,
    ledger?: Ledger,
  ) {
    super(dir, { files: 0, bytes: 0 }, new Set(), new Map(), ledger);
    this.out = out;
    this.clearing = clearing;
  }

  /**
   * A fresh build folder. The builds the commit would drop that are not the current one (the
   * build before it, builds killed half-way) go now, in `rm`'s own process beside this build,
   * rather than while the finished build waits: removing a build's 13,000 files took 50-170 ms
   * at the end of every one-edit build at 4,000 sources (issue 21). The current build stays until
   * the commit, so a build that fails still leaves `dist` as it was; the commit waits for this
   * removal, then removes whatever is left over as before.
   *
   * `builds`: the builds made before as this process knows them (in its memory, site build --watch:
   * ./ledger.ts; or by the record the last `site build` left: ./stored-ledger.ts). When dist is the
   * latest of them and the one before it is still there, that one is renamed to be this build's
   * folder and brought up to date file by file (its writers' ledger), not removed; not when this
   * build is to render most pages again (`recycles`).
   */
  static async create(out: string, builds?: RecentBuilds): Promise<OutputDir> {
    const recent = builds?.recycles ? builds : undefined;
    const absolute = resolve(out);
    const store = buildsFolder(absolute);
    await mkdir(store, { recursive: true });
    const current = await currentBuild(absolute);
    await recent?.recall(current);
    const ours = recent?.latest?.dir === current ? recent?.latest : undefined;
    const spare = ours && recent?.before?.tokens && existsSync(recent.before.dir) ? recent.before : undefined;
    // Renamed below, or (dist not ours, or the folder gone) never recycled.
    if (recent) recent.before = undefined;
    const stale = await staleBuilds(absolute, [current, spare?.dir]);
    const dir = join(store, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
    // Another build of the same output may have taken the spare folder first: a fresh one then.
    const recycled =
      spare &&
      (await rename(spare.dir, dir).then(
        () => true,
        () => false,
      ));
    if (!recycled) await mkdir(dir);
    // A failure here is the commit's to meet: it removes what is left, and reports what it cannot.
    const clearing = removeFolders(stale).catch(() => undefined);
    const previous = ours ?? (current ? { dir: current, tokens: undefined } : undefined);
    const ledger = recent ? new Ledger(dir, previous, recycled ? spare.tokens : undefined) : undefined;
    return new OutputDir(absolute, dir, clearing, recent, ledger);
  }

  /** Point `out` at this build, atomically; then drop every build but this one and the one it replaces. */
  async commit(): Promise<void> {
    await this.clearing;
    this.ledger?.clearLeft();
    let previous = await currentBuild(this.out);
    const link = `${this.out}.link-${process.pid}`;
    await rm(link, { force: true });
    await symlink(relative(dirname(this.out), this.dir), link);
    const existing = await lstat(this.out).catch(() => undefined);
    if (existing?.isDirectory()) {
      // A real folder from elsewhere (an older tool, a copy): keep it as a build, once.
      previous = join(buildsFolder(this.out), `0-adopted-${Date.now()}`);
      await rename(this.out, previous);
    }
    await rename(link, this.out);
    await this.prune(previous);
    if (this.recent && this.ledger) await this.recent.committed(this.ledger, previous, this.files);
  }

  /** Remove this unfinished build (on failure). */
  async discard(): Promise<void> {
    await this.clearing;
    await rm(this.dir, { recursive: true, force: true });
  }

  /**
   * Keep this build and the one `out` pointed to before (a server may still be reading it).
   * Not "the newest older folder": a build killed half-way leaves a folder too, and keeping that
   * one as the previous build would delete the real one (issue 11, killed builds). Folders of
   * builds still running elsewhere stay, and so do their links; links of killed builds go.
   */
  private async prune(previous: string | undefined): Promise<void> {
    await pruneBuilds(this.out, this.dir, previous);
  }
}

/** Remove every build but `current` and `previous`, and the links of killed builds (see commit). */
async function pruneBuilds(out: string, current: string, previous: string | undefined): Promise<void> {
  await removeFolders(await staleBuilds(out, [current, previous]));
  const linkPrefix = `${basename(out)}.link-`;
  const links = (await readdir(dirname(out))).filter((name) => name.startsWith(linkPrefix) && !runningElsewhere(name));
  await Promise.all(links.map((name) => rm(join(dirname(out), name), { force: true })));
}

/** The build folders of `out` but those in `keep` and those of builds still running elsewhere. */
async function staleBuilds(out: string, keep: ReadonlyArray<string | undefined>): Promise<string[]> {
  const store = buildsFolder(out);
  const kept = new Set(keep.flatMap((dir) => (dir && dirname(dir) === store ? [basename(dir)] : [])));
  const builds = await readdir(store).catch(() => []);
  return builds.filter((name) => !kept.has(name) && !runningElsewhere(name)).map((name) => join(store, name));
}

/**
 * After a build that found nothing to do: clear what builds killed since left behind, as a commit
 * would have. A build killed between switching `dist` and pruning leaves one build too many, and a
 * next build of the same site has nothing to commit. The previous build kept is the newest
 * complete one older than the current (folder names start with their start time).
 */
export async function tidyBuilds(out: string, completeMarker: string): Promise<void> {
  const current = await currentBuild(out);
  if (!current) return;
  const store = buildsFolder(out);
  const older = (await readdir(store).catch(() => []))
    .filter((name) => name < basename(current) && existsSync(join(store, name, completeMarker)))
    .sort();
  await pruneBuilds(out, current, older.length ? join(store, older.at(-1)!) : undefined);
}

/**
 * Remove whole folders. A build folder holds some 16,000 files at 4,000 pages: Node's recursive
 * rm took 1.1 s of a one-edit build for one (a promise per file), `rm -rf` 0.1 s (issue 21). Where
 * there is no `rm` (Windows) or it fails, Node's rm does it.
 */
async function removeFolders(folders: string[]): Promise<void> {
  if (!folders.length) return;
  const removed = await new Promise<boolean>((done) =>
    spawn('rm', ['-rf', '--', ...folders], { stdio: 'ignore' })
      .on('error', () => done(false))
      .on('exit', (code) => done(code === 0)),
  );
  if (!removed) await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
}

/** Whether a build folder or link name (which ends in `-<pid>`) belongs to another live process. */
function runningElsewhere(name: string): boolean {
  const pid = Number(/-(\d+)$/.exec(name)?.[1]);
  if (!pid || pid > 2 ** 22 || pid === process.pid) return false; // 2^22: Linux's largest pid
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, but another user's
  }
}

export const buildsFolder = (out: string): string => join(dirname(resolve(out)), `.${basename(out)}-builds`);

/** Where `out` points now, if it is a build link. */
export async function currentBuild(out: string): Promise<string | undefined> {
  const target = await readlink(out).catch(() => undefined);
  return target === undefined ? undefined : resolve(dirname(out), target);
}
