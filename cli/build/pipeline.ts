import { currentBuild, tidyBuilds } from './output.ts';
import { STATE_FILE, inputDigest, readBuildState } from './build-state.ts';
import { bundleFunctions } from './functions.ts';
import { WorkerPool } from './worker-pool.ts';
import { StageTimer } from './timings.ts';
import { calendarChanges } from './calendar-revisions.ts';
import type { BuildHooks, Site } from './check-site.ts';
import type { CompiledFiles, PageParts } from './assets-stage.ts';
import type { Previous } from './pages-stage.ts';
import { writeSite } from './write-site.ts';
import { SiteError } from '../errors/site-error.ts';
import { RebuildSession } from './incremental/rebuild-session.ts';
import { BuildImages } from './incremental/images.ts';
import { buildMode } from './incremental/session-mode.ts';
import type { BuildOptions, BuildResult } from './types.ts';

export type { BuildHooks };

/**
 * `site build`, one of the two drivers of the build's orchestration (RebuildSession, which
 * `site dev` drives too): the session opens (config, load), the inputs are hashed (nothing changed:
 * dist already is this build), the session runs cold in the build's mode (strict validation,
 * stored parses, images started as soon as the content is valid), and its first failing stage
 * stops the build before anything is written. Then write-site.ts writes the generation out into
 * a fresh folder that replaces dist only when every file was made.
 */
export async function buildSite(options: BuildOptions, hooks: BuildHooks = {}): Promise<BuildResult> {
  const timer = new StageTimer();
  const session = await RebuildSession.open(options.root, timer);
  stopOnErrors(session);
  const files = session.contentFiles();
  const buildDate = new Date().toISOString().slice(0, 10);
  const dir = await currentBuild(options.out);
  const previous: Previous = { dir, state: await readBuildState(dir) };
  const { changed, digest } = await timer.run('hash', async () => {
    // When the events' files last changed (git, else the files' times): their calendar files' SEQUENCE and DTSTAMP.
    const changed = await calendarChanges(options.root, files);
    return { changed, digest: await inputDigest(options.root, files, options, buildDate, changed) };
  });
  if (previous.state?.digest === digest) {
    // Nothing the site is made of has changed: dist already is this build.
    await tidyBuilds(options.out, STATE_FILE);
    if (previous.state.warnings.length) hooks.onWarnings?.(previous.state.warnings);
    return {
      out: options.out,
      unchanged: true,
      pages: 0,
      files: 0,
      bytes: 0,
      threads: 0,
      images: { made: 0, cached: 0, ms: 0 },
      timings: timer.timings,
      warnings: previous.state.warnings.length,
    };
  }
  // Threads pay off only for a large site; they start while the content is validated.
  const pool = WorkerPool.forSite(files.files.length, options.threads);
  // esbuild bundles the functions in its own process meanwhile (their code needs no content).
  const functions = bundleFunctions(options.root);
  functions.catch(() => undefined); // awaited by the functions stage; a failure is reported there
  const images = new BuildImages(options.root, hooks.onImageProgress);
  try {
    await session.cold(await buildMode(options, { timer, pool, buildDate, images }));
    // Valid content: its warnings are said, whatever a later stage says.
    const warnings = session.content.state?.warnings ?? [];
    if (warnings.length) hooks.onWarnings?.(warnings);
    stopOnErrors(session);
    const { site, parts, compiled } = toWrite(session, images);
    return await writeSite({
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
  } catch (error) {
    await images.cancel();
    throw error;
  } finally {
    await pool?.close();
  }
}

/** The build stops at the first stage with an error, with that stage's problems (warnings included). */
function stopOnErrors(session: RebuildSession): void {
  const problems = session.failed();
  if (problems) throw new SiteError(problems);
}

/** What the writer takes from a session that ran cold without an error. */
function toWrite(
  session: RebuildSession,
  images: BuildImages,
): { site: Site; parts: PageParts; compiled: CompiledFiles } {
  const { generation } = session;
  const { css, islands, cards } = session.assets;
  if (!generation || !images.files || !css || !islands || !cards)
    throw new Error('the session ran without an error but made no generation');
  // Named, not spread: the state's request index (dev's) is made only when read.
  const { config, content, model, pages, redirects, warnings, nextScheduled } = generation.state;
  const checked = { config, content, model, pages, redirects, warnings, ...(nextScheduled ? { nextScheduled } : {}) };
  return {
    site: { ...checked, files: session.contentFiles(), images: images.files },
    parts: {
      imageLookup: generation.images,
      templates: generation.templates,
      cardTemplate: cards,
      assets: generation.assets,
    },
    compiled: { css, islands },
  };
}
