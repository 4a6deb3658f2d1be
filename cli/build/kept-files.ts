import { mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeAtomic } from '../images/cache.ts';
import { sizeOf, type Contents, type FolderWriter } from './folder-writer.ts';

/** A file's digest (whatever hash its maker had at hand: the same path, the same kind) and size. */
type Record = { digest: string; bytes: number };
type Records = { [path: string]: Record };

/**
 * Files an edit build makes again with the same bytes (the functions bundle and its map, the
 * redirects' three files, firebase.json: ~7 MB at 4,000 sources, ~20 ms of promised writes, and
 * the redirects' rendering), linked from the build before instead, as the unchanged pages are.
 * Which bytes a file of the build before held is known by the digest its maker had at hand
 * (esbuild's hash of an output, the digest of the redirects' JSON), recorded for each build in
 * the cache (`kept-files.json`, with the build's folder): no old file is read back. A record of
 * another build, a file of the build before gone or not of the recorded size: written as before.
 */
export class KeptFiles {
  private readonly now: Records = {};

  private constructor(private readonly before?: { dir: string; files: Records }) {}

  /** Nothing to link from (a first build, a test): every file written. */
  static none(): KeptFiles {
    return new KeptFiles();
  }

  /** The record of the build in `previousDir`, if the cache holds that build's. */
  static async read(cacheDir: string, previousDir: string | undefined): Promise<KeptFiles> {
    if (!previousDir) return KeptFiles.none();
    const stored = await readFile(recordFile(cacheDir), 'utf8')
      .then((text) => JSON.parse(text) as { dir?: unknown; files?: unknown })
      .catch(() => undefined);
    const usable = stored?.dir === previousDir && typeof stored.files === 'object' && stored.files !== null;
    return usable ? new KeptFiles({ dir: previousDir, files: stored.files as Records }) : KeptFiles.none();
  }

  /**
   * `path` in the build folder `output`: a link to the build before's file when that held
   * `digest` too, else `contents` (made only then) written. Each path written once a build.
   */
  async write(
    output: FolderWriter,
    path: string,
    digest: string,
    contents: () => Contents | Promise<Contents>,
  ): Promise<void> {
    const known = this.before?.files[path];
    if (this.before && known?.digest === digest) {
      const source = join(this.before.dir, path);
      // The size before the link: a file cut short is not linked (a link is never written into).
      const whole = await stat(source).then(
        (info) => info.size === known.bytes,
        () => false,
      );
      const linked =
        whole &&
        (await output.publish([{ source, path, bytes: known.bytes }]).then(
          () => true,
          () => false,
        ));
      if (linked) {
        this.now[path] = known;
        return;
      }
    }
    const made = await contents();
    await output.write(path, made);
    this.now[path] = { digest, bytes: sizeOf(made) };
  }

  /** This build's record, for the next build: kept in the cache with the build's folder. */
  async save(cacheDir: string, buildDir: string): Promise<void> {
    const file = recordFile(cacheDir);
    await mkdir(dirname(file), { recursive: true });
    await writeAtomic(file, JSON.stringify({ dir: buildDir, files: this.now }));
  }
}

const recordFile = (cacheDir: string) => join(cacheDir, 'kept-files.json');
