import { join } from 'node:path';
import { collectNow } from './collection.ts';
import { shareBodies } from './shared-bodies.ts';
import { bundleFunctions } from './functions.ts';
import { withVouch, type Vouch } from './cached-esbuild.ts';
import { WorkerPool } from './worker-pool.ts';
import type { StageTimer } from './timings.ts';
import type { BuildHooks, Site } from './content-stages.ts';
import type { CompiledFiles, PageParts } from './assets-stage.ts';
import type { Previous } from './pages-stage.ts';
import { writeSite } from './write-site.ts';
import { SiteError } from '../errors/site-error.ts';
import { RebuildSession } from './incremental/rebuild-session.ts';
import { BuildImages } from './incremental/images.ts';
import type { Opening } from './incremental/opening.ts';
import { buildMode } from './incremental/session-mode.ts';
import { storableState, storedState, type CheckedState } from './incremental/stored-state.ts';
import { readStoredState, stateKey, writeStoredState } from './incremental/stored-state-file.ts';
import type { BuildOptions, BuildResult } from './types.ts';
import type { CompiledParts } from './incremental/compiled-parts.ts';
import type { ContentPrints } from '../content/content-prints.ts';

/** What ./pipeline.ts has read and hashed when the site changed. */
export interface ChangedBuild {
  options: BuildOptions;
  hooks: BuildHooks;
  timer: StageTimer;
  opening: Opening;
  previous: Previous;
  digest: string;
  /** The digest of the inputs but the content files (./build-state.ts `inputDigests`), and what it vouches for. */
  vouch: Vouch;
  changed: Map<string, number>;
  buildDate: string;
  /** The workers of a first build, started by ./pipeline.ts, which closes them. */
  pool?: WorkerPool | undefined;
  kept?: KeptBuild | undefined;
}

/**
 * What a process that builds again after each save (`site build --watch`) keeps from one build for
 * the next: the compiled parts (templates, stylesheet, islands, card template), valid for a build
 * of the same context digest (every input but the content files: ../build-state.ts), which a fresh
 * build would compile (or take from esbuild's cache) to the same modules; the content files'
 * prints with the texts they answer for (../content/content-prints.ts).
 */
export interface KeptBuild {
  context?: string;
  assets?: CompiledParts;
  prints?: ContentPrints;
}

/**
 * The rest of `site build` when the site changed (./pipeline.ts): the session runs cold, then the
 * generation is written. The session (every content file's text, the validated content, the
 * Markdown memo: 18.5 MB at 4,000 sources) is let go of once it has made the model, before the
 * pages are written: kept in a holder, not in a parameter or a local of the writing function,
 * which would keep it to the end of the build.
 */
export function buildChanged({ opening, kept, ...build }: ChangedBuild): Promise<BuildResult> {
  const assets = kept?.context === build.vouch.digest ? kept.assets : undefined;
  return withVouch(build.options.root, build.vouch, () =>
    checkAndWrite({ session: RebuildSession.opened(opening, assets) }, build, kept),
  );
}

async function checkAndWrite(
  held: { session?: RebuildSession },
  build: Omit<ChangedBuild, 'opening' | 'kept'>,
  kept: KeptBuild | undefined,
): Promise<BuildResult> {
  const { options, hooks, timer, previous, digest, changed, buildDate } = build;
  const session = () => held.session!;
  const cacheDir = join(options.root, '.site', 'cache');
  const key = stateKey(build.vouch.digest, session().contentFiles());
  // Threads pay off only for a large site. A first build renders every page and Markdown body:
  // its workers start while the content is validated (or sooner: ./pipeline.ts). After that a
  // build starts them when it has enough to render (an edit renders its few pages in this thread).
  const pool = build.pool ?? WorkerPool.forSite(session().contentFiles().files.length, options.threads);
  if (!previous.state) pool?.warm();
  // esbuild bundles the functions in its own process meanwhile (their code needs no content).
  const functions = bundleFunctions(options.root);
  functions.catch(() => undefined); // awaited by the functions stage; a failure is reported there
  const images = new BuildImages(options.root, hooks.onImageProgress);
  let storable: CheckedState | undefined;
  let result: BuildResult;
  try {
    // The content state of the build before, when at most one content file changed since. A build
    // into a folder without a build before (a first build, dist removed) checks everything: what
    // it writes is what the stored state is held to (tests/build compare with such builds).
    const stored = previous.dir ? readStoredState(cacheDir, key) : undefined;
    await session().cold(await buildMode(options, { timer, pool, buildDate, images }, stored));
    // Valid content: its warnings are said, whatever a later stage says.
    const warnings = session().content.state?.warnings ?? [];
    if (warnings.length) hooks.onWarnings?.(warnings);
    stopOnErrors(session());
    // Kept for the next builds, what they start from after one edit (./incremental/stored-start.ts):
    // stored once the pages are written and the workers gone, not beside the fullest heaps.
    storable = session().restored ? undefined : storableState(session().content.state!);
    // A build from the stored state renders the few pages one item is on: it may recycle a build folder (./stored-ledger.ts).
    if (session().restored && options.recent) options.recent.recycles = true;
    const { site, parts, compiled } = toWrite(session(), images);
    const { assets } = session();
    held.session = undefined;
    // A first build renders every page: most of the heap is garbage now (the session, the Markdown
    // and model stages' work), collected before the render makes more, not at its start beside the
    // render workers' heaps (the peak). Its bodies (22 MB at 4,000 sources) are in a buffer the
    // render workers read too, one copy in neither heap (./shared-bodies.ts): those its workers
    // rendered were written there, those from the Markdown cache are strings copied there now.
    // After a collection, not before: the buffer beside the fullest heap was the build's peak;
    // their strings go in a second one. A build after an edit renders its few pages in this thread:
    // it collects (~40 ms of the main thread at 4,000 sources) and shares them only if it starts
    // the workers (./pages-stage.ts).
    if (!previous.state) {
      shareBodies(site.model, collectNow);
      collectNow();
    }
    result = await writeSite({
      options,
      timer,
      site,
      parts,
      files: compiled,
      pool,
      previous,
      digest,
      changed,
      buildDate,
      functions,
    });
    if (kept) Object.assign(kept, { context: build.vouch.digest, assets });
  } catch (error) {
    await images.cancel();
    throw error;
  } finally {
    await pool?.close();
  }
  if (storable) {
    const bytes = timer.time('store', () => storedState(storable));
    await writeStoredState(cacheDir, key, bytes);
  }
  return result;
}

/** The build stops at the first stage with an error, with that stage's problems (warnings included). */
function stopOnErrors(session: RebuildSession): void {
  const problems = session.failed();
  if (problems) throw new SiteError(problems);
}

/** What the writer takes from a session that ran cold without an error. */
export function toWrite(
  session: RebuildSession,
  images: BuildImages,
): { site: Site; parts: PageParts; compiled: CompiledFiles } {
  const { generation } = session;
  const { css, islands, cards } = session.assets;
  if (!generation || !images.files || !css || !islands || !cards)
    throw new Error('the session ran without an error but made no generation');
  // Named, not spread: the state's request index (dev's) is made only when read.
  const { config, model, pages, redirects, warnings, nextScheduled } = generation.state;
  const checked = { config, model, pages, redirects, warnings, ...(nextScheduled ? { nextScheduled } : {}) };
  return {
    site: { ...checked, images: images.files },
    parts: {
      imageLookup: generation.images,
      templates: generation.templates,
      cardTemplate: cards,
      assets: generation.assets,
    },
    compiled: { css, islands },
  };
}
