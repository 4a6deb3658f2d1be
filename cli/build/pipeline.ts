import { loadConfig } from '../config/load.ts';
import { readContent } from '../content/read.ts';
import { currentBuild, tidyBuilds } from './output.ts';
import { STATE_FILE, inputDigest, readBuildState } from './build-state.ts';
import { bundleFunctions } from './functions.ts';
import { WorkerPool } from './worker-pool.ts';
import { StageTimer } from './timings.ts';
import { calendarChanges } from './calendar-revisions.ts';
import { checkSite, type BuildHooks } from './check-site.ts';
import type { Previous } from './pages-stage.ts';
import { writeSite } from './write-site.ts';
import type { BuildOptions, BuildResult } from './types.ts';

export type { BuildHooks };

/**
 * The build, top to bottom: config -> content -> model -> routes (check-site.ts: everything
 * checked before anything is written), then images -> assets -> render -> sitemap and redirects
 * -> swap (write-site.ts). Output goes to a fresh folder that replaces dist only when every stage
 * succeeded.
 */
export async function buildSite(options: BuildOptions, hooks: BuildHooks = {}): Promise<BuildResult> {
  const timer = new StageTimer();
  const config = await timer.run('config', () => loadConfig(options.root));
  const files = await timer.run(
    'load',
    () => readContent(options.root),
    (c) => `${c.files.length} files, ${c.images.size} images`,
  );
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
  try {
    const site = await checkSite({ options, hooks, timer, config, files, pool, buildDate });
    if (site.warnings.length) hooks.onWarnings?.(site.warnings);
    const run = { options, hooks, timer, site, pool, previous, digest, changed, buildDate, functions };
    return await writeSite(run).catch(async (error: unknown) => {
      await site.images.cancel();
      throw error;
    });
  } finally {
    await pool?.close();
  }
}
