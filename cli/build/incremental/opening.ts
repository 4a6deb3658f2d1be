import type { SiteConfig } from '../../../shared/config.ts';
import { isSiteError, type Problem } from '../../errors/site-error.ts';
import { keptConfig } from '../../config/kept-config.ts';
import type { StageTimer } from '../timings.ts';
import { Sources } from './sources.ts';

/** The config as read: the config, or the problems that stop it. */
export type ConfigRead = { config: SiteConfig; problems: [] } | { config: undefined; problems: Problem[] };

export async function readConfig(root: string): Promise<ConfigRead> {
  // The config the last build validated from the same bytes: no schema loaded nor run (issue 21).
  const kept = await keptConfig(root);
  if (kept.config) return { config: kept.config, problems: [] };
  // Loaded at its first use: the config's schema imports zod (about a hundred modules), which a
  // build with nothing to do never needs (./../pipeline.ts).
  const { loadConfig, configOf } = await import('../../config/load.ts');
  try {
    // No file: loadConfig says so (CONFIG_NOT_FOUND, naming a project above it).
    if (kept.text === undefined) return { config: await loadConfig(root), problems: [] };
    const config = configOf(kept.text);
    await kept.keep(config);
    return { config, problems: [] };
  } catch (error) {
    if (!isSiteError(error)) throw error;
    return { config: undefined, problems: error.problems };
  }
}

/** A session's first stages, every content file read and the config: what `site build` hashes before it goes on. */
export interface Opening {
  root: string;
  config: ConfigRead;
  sources: Sources;
}

/** The first stage: every content file read (the build hashes them before anything else). */
export const loadSources = (root: string, timer: StageTimer): Promise<Sources> =>
  timer.run(
    'load',
    () => Sources.load(root),
    (sources) => `${sources.contentFiles().files.length} files, ${sources.imageFiles().size} images`,
  );

/** The second: site.config.yaml read and checked. */
export const configStage = (root: string, timer: StageTimer): Promise<ConfigRead> =>
  timer.run('config', () => readConfig(root));

/**
 * Apart from the session (./rebuild-session.ts) and light to load: a build with nothing to do
 * stops after the load and the hash, and never loads the stages (React, Markdown, sharp, the HTML
 * parser, esbuild) nor the config's schema, which cost a small site's build more CPU than
 * everything else it does.
 */
export async function openSources(root: string, timer: StageTimer): Promise<Opening> {
  const sources = await loadSources(root, timer);
  return { root, sources, config: await configStage(root, timer) };
}
