import { join } from 'node:path';
import { contentHash } from '../content/content-hash.ts';
import type { ContentPrints } from '../content/content-prints.ts';
import { readText, type SourceFile } from '../content/read.ts';
import { SiteError } from '../errors/site-error.ts';
import { CODE_FOLDERS, codeDigest, inputDigests, readBuildState, type BuildState } from './build-state.ts';
import { toWrite } from './build-changed.ts';
import { calendarSources, changedAt } from './calendar-revisions.ts';
import { withVouch } from './cached-esbuild.ts';
import type { BuildHooks } from './content-stages.ts';
import { bundleFunctions } from './functions.ts';
import { BuildOpening } from './incremental/build-opening.ts';
import type { ChangeSet } from './incremental/changes.ts';
import { BuildImages } from './incremental/images.ts';
import { configStage } from './incremental/opening.ts';
import { RebuildSession } from './incremental/rebuild-session.ts';
import { buildMode } from './incremental/session-mode.ts';
import { readStoredState, stateKey, writeStoredState } from './incremental/stored-state-file.ts';
import { storableState, storedState } from './incremental/stored-state.ts';
import { currentBuild } from './output.ts';
import type { PageRecords } from './pages-stage.ts';
import { StageTimer } from './timings.ts';
import type { BuildOptions, BuildResult } from './types.ts';
import { WorkerPool } from './worker-pool.ts';
import { writeSite } from './write-site.ts';
import { unchangedBuild } from './pipeline.ts';
import { stateOf } from './site-files.ts';

/** A content file as it is now, or none when it is gone (the next build reads what is there). */
function readOrNone(root: string, path: string): SourceFile | undefined {
  try {
    return readText(root, path);
  } catch {
    return undefined;
  }
}

const today = () => new Date().toISOString().slice(0, 10);

/** The build in dist, as the session knows it: its folder, its state (build-state.json's) and digest. */
interface Built {
  dir: string;
  state: BuildState;
}

/** What a batch's paths make the session look at again: the code folders (any path but content's and the config's). */
const touchesCode = (changes: ChangeSet) =>
  [...changes.paths].some((path) => !path.startsWith('content/') && path !== 'site.config.yaml');
const touchesCalendars = (changes: ChangeSet) =>
  changes.rescanContent || calendarSources([...changes.content]).length > 0;

/**
 * `site build --watch` after its first build (issue 21: a save's build was mostly reading again
 * what the build before had in memory): the build's session (./incremental/rebuild-session.ts, in
 * the build's mode) kept from one save to the next and given each batch of the watcher's changes,
 * as `site dev` gives its own; the state of the build in dist kept, not parsed again from
 * build-state.json; the code folders hashed again only when a batch touches them. Each save's
 * digest is the one a fresh `site build` takes of the same files, and its generation is written
 * out as that build writes it (./write-site.ts). None is kept when dist was made by another
 * process, or on another day: the watch then builds as `site build` does, and opens a session again.
 */
export class WatchSession {
  /** Content files a batch named: their prints are taken again when the watch stops. */
  private readonly touched = new Set<string>();

  private constructor(
    private readonly options: BuildOptions,
    private readonly session: RebuildSession,
    private readonly images: BuildImages,
    private readonly buildDate: string,
    private code: { digest: string; since: number },
    private changed: Map<string, number>,
    private built: Built,
  ) {}

  /**
   * A session over the build in dist, made as a build after one edit starts (the stored content
   * state when it is current); none when dist is not the build of the files as they are.
   */
  static async open(options: BuildOptions, prints: ContentPrints): Promise<WatchSession | undefined> {
    const { root } = options;
    const timer = new StageTimer();
    const buildDate = today();
    const dir = await currentBuild(options.out);
    const state = await readBuildState(dir);
    if (!dir || !state) return undefined;
    const loaded = await BuildOpening.open(root, timer, prints);
    const sources = loaded.sources(timer);
    loaded.keepPrints();
    const since = Date.now();
    const code = await codeDigest(root);
    const files = sources.contentFiles();
    const changed = await changedAt(root, calendarSources(loaded.texts));
    const content = { texts: loaded.texts, hashes: files.files.map(contentHash), images: files.images };
    const { digest, context } = await inputDigests(root, content, options, buildDate, changed, code);
    if (digest !== state.digest) return undefined;
    const config = await configStage(root, timer);
    if (!config.config) return undefined;
    const session = RebuildSession.opened({ root, config, sources });
    const images = new BuildImages(root);
    const cacheDir = join(root, '.site', 'cache');
    const key = stateKey(context, files);
    const stored = readStoredState(cacheDir, key);
    const vouch = { digest: context, folders: CODE_FOLDERS, since };
    await withVouch(root, vouch, async () =>
      session.cold(await buildMode(options, { timer, pool: undefined, buildDate, images }, stored)),
    );
    if (session.failed()) return undefined;
    // Checked whole (the stored state was of other files): stored, as a build stores it, for the next fresh build.
    const storable = session.restored ? undefined : storableState(session.content.state!);
    if (storable) await writeStoredState(cacheDir, key, storedState(storable));
    return new WatchSession(options, session, images, buildDate, { digest: code, since }, changed, { dir, state });
  }

  /**
   * The build after a batch of changes; none when this session cannot make it (dist changed by
   * another process, a new day): the caller builds as `site build` does. Throws as a build does:
   * a SiteError leaves dist as it was and the session goes on (the next save builds again).
   */
  async build(changes: ChangeSet, hooks: BuildHooks): Promise<BuildResult | undefined> {
    const { options } = this;
    const { root } = options;
    if (today() !== this.buildDate || (await currentBuild(options.out)) !== this.built.dir) return undefined;
    for (const path of changes.content) this.touched.add(path);
    const since = Date.now();
    if (touchesCode(changes)) this.code = { digest: await codeDigest(root), since };
    const report = await this.session.apply(changes);
    const timer = report.timings;
    const internal = report.problems.find((p) => p.code === 'INTERNAL');
    if (internal) throw new Error(internal.message);
    const problems = this.session.failed();
    if (problems) throw new SiteError(problems);
    const files = this.session.contentFiles();
    const { digest, context } = await timer.run('hash', async () => {
      if (touchesCalendars(changes))
        this.changed = await changedAt(root, calendarSources(files.files.map((file) => file.path)));
      const texts = files.files.map((file) => file.path);
      const content = { texts, hashes: files.files.map(contentHash), images: files.images };
      return inputDigests(root, content, options, this.buildDate, this.changed, this.code.digest);
    });
    const warnings = this.session.content.state?.warnings ?? [];
    if (warnings.length) hooks.onWarnings?.(warnings);
    // dist already is this build (a file saved as it was, a save undone).
    if (digest === this.built.state.digest) return unchangedBuild(options.out, timer, this.built.state.warnings.length);
    const { site, parts, compiled } = toWrite(this.session, this.images);
    const pool = WorkerPool.forSite(files.files.length, options.threads);
    let records: PageRecords | undefined;
    try {
      const vouch = { digest: context, folders: CODE_FOLDERS, since: this.code.since };
      const result = await withVouch(root, vouch, () => {
        const functions = bundleFunctions(root);
        functions.catch(() => undefined); // awaited by the functions stage; a failure is reported there
        const previous = { dir: this.built.dir, state: this.built.state };
        const { buildDate, changed } = this;
        const write = { options, timer, site, parts, files: compiled, pool, previous, digest, changed, buildDate };
        return writeSite({ ...write, functions, onRecords: (made) => (records = made) });
      });
      const dir = await currentBuild(options.out);
      if (dir && records) this.built = { dir, state: stateOf(digest, records, site.warnings) };
      return result;
    } finally {
      await pool?.close();
    }
  }

  /**
   * When the watch stops: the prints of the content files saved meanwhile taken again (read now),
   * so the next `site build` finds by their stats what it finds by their texts.
   */
  keepPrints(prints: ContentPrints): void {
    const readFrom = Date.now();
    const paths = this.session.contentFiles().files.map((file) => file.path);
    const listed = new Set(paths);
    const read = [...this.touched]
      .filter((path) => listed.has(path))
      .map((path) => readOrNone(this.options.root, path));
    prints.take(
      read.filter((file) => file !== undefined),
      readFrom,
    );
    prints.keep(paths);
  }
}
