import { join } from 'node:path';
import { currentBuild, tidyBuilds } from './output.ts';
import { StoredBuilds } from './stored-ledger.ts';
import { CODE_FOLDERS, STATE_FILE, inputDigests, readBuildDigest, readBuildState } from './build-state.ts';
import { StageTimer } from './timings.ts';
import { WorkerPool } from './worker-pool.ts';
import { calendarSources, changedAt } from './calendar-revisions.ts';
import type { BuildHooks } from './content-stages.ts';
import type { Previous } from './pages-stage.ts';
import { SiteError } from '../errors/site-error.ts';
import { configStage } from './incremental/opening.ts';
import { BuildOpening } from './incremental/build-opening.ts';
import type { BuildOptions, BuildResult } from './types.ts';
import type { KeptBuild } from './build-changed.ts';

export type { BuildHooks };

/**
 * `site build`, one of the two drivers of the build's orchestration (RebuildSession, which
 * `site dev` drives too): the content is listed and the inputs hashed, the texts by their stat
 * prints when they answer for them (./incremental/build-opening.ts; nothing changed: dist already
 * is this build), the config is read, the session runs cold in the build's mode (strict validation,
 * stored parses, images started as soon as the content is valid), and its first failing stage
 * stops the build before anything is written. Then write-site.ts writes the generation out into
 * a fresh folder that replaces dist only when every file was made.
 *
 * The config's schema, the session and its stages are loaded only past the digest
 * (./build-changed.ts): a build with nothing to do loads the content and output code alone
 * (issue 21: most of such a build was loading modules it never ran). `kept`: what a process that
 * builds again keeps from one build for the next (`site build --watch`: ./build-changed.ts).
 */
export async function buildSite(options: BuildOptions, hooks: BuildHooks = {}, kept?: KeptBuild): Promise<BuildResult> {
  const { root } = options;
  const timer = new StageTimer();
  const loaded = await BuildOpening.open(root, timer, kept?.prints);
  const buildDate = new Date().toISOString().slice(0, 10);
  const dir = await currentBuild(options.out);
  const hashInputs = () =>
    timer.run('hash', async () => {
      // Files changed from here on may not be what the context digest holds (./cached-esbuild.ts `Vouch`).
      const hashedFrom = Date.now();
      // When the events' files last changed (git, else the files' times): their calendar files' SEQUENCE and DTSTAMP.
      const changed = await changedAt(root, calendarSources(loaded.texts));
      const content = { texts: loaded.texts, hashes: loaded.hashes(), images: loaded.images };
      return { changed, hashedFrom, ...(await inputDigests(root, content, options, buildDate, changed)) };
    });
  let inputs = await hashInputs();
  const last = await readBuildDigest(dir);
  if (last?.digest === inputs.digest) {
    // Nothing the site is made of has changed: dist already is this build. (Its config, in the
    // digest with the tool and the environment, was valid then and is now: it is not read.)
    loaded.keepPrints();
    await tidyBuilds(options.out, STATE_FILE);
    if (last.warnings.length) hooks.onWarnings?.(last.warnings);
    return unchangedBuild(options.out, timer, last.warnings.length);
  }
  const sources = loaded.sources(timer);
  if (loaded.readOther()) inputs = await hashInputs();
  loaded.keepPrints();
  const { changed, digest, context, hashedFrom } = inputs;
  const files = sources.contentFiles();
  // A first build (no build to start from) renders every page and Markdown body: its workers start
  // now, while the config is read and the build's code loaded, and are ready for the first bodies
  // sent to them (~0.1 s sooner at 4,000 sources).
  const pool = dir === undefined ? WorkerPool.forSite(files.files.length, options.threads) : undefined;
  pool?.warm();
  try {
    // The build before's state (3.3 MB of JSON at 4,000 sources) is read while the config is
    // checked, and the build's stages load while it is (each waited on the other's file before).
    const state = readBuildState(dir);
    // The first stage with an error stops the build: here, the config's.
    const config = await configStage(root, timer);
    if (config.problems.some((p) => p.severity === 'error')) throw new SiteError(config.problems);
    const [{ buildChanged }, stateBefore] = await Promise.all([import('./build-changed.ts'), state]);
    const previous: Previous = { dir, state: stateBefore };
    const opening = { root, config, sources };
    const vouch = { digest: context, folders: CODE_FOLDERS, since: hashedFrom };
    return await buildChanged({
      // A fresh process recycles the build folder before dist's by the record the last build left (./stored-ledger.ts).
      options: options.recent
        ? options
        : { ...options, recent: StoredBuilds.of(join(root, '.site', 'cache'), context) },
      hooks,
      timer,
      opening,
      previous,
      digest,
      vouch,
      changed,
      buildDate,
      pool,
      kept,
    });
  } finally {
    await pool?.close();
  }
}

/** The result of a build that found dist already the build of its inputs (`warnings`: how many that build had). */
export const unchangedBuild = (out: string, timer: StageTimer, warnings: number): BuildResult => ({
  out,
  unchanged: true,
  pages: 0,
  files: 0,
  bytes: 0,
  threads: 0,
  images: { made: 0, cached: 0, ms: 0 },
  timings: timer.timings,
  warnings,
});
