import { loadConfig } from '../../config/load.ts';
import type { SiteConfig } from '../../../shared/config.ts';
import { isSiteError, type Problem } from '../../errors/site-error.ts';
import type { StageTimer } from '../timings.ts';
import { Sources } from './sources.ts';

/** The config as read: the config, or the problems that stop it. */
export type ConfigRead = { config: SiteConfig; problems: [] } | { config: undefined; problems: Problem[] };

export async function readConfig(root: string): Promise<ConfigRead> {
  try {
    return { config: await loadConfig(root), problems: [] };
  } catch (error) {
    if (!isSiteError(error)) throw error;
    return { config: undefined, problems: error.problems };
  }
}

/** A session's first stages, config and every content file read: what `site build` hashes before it goes on. */
export interface Opening {
  root: string;
  config: ConfigRead;
  sources: Sources;
}

/**
 * Apart from the session (./rebuild-session.ts) and light to load: a build with nothing to do
 * stops after these, and never loads the stages (React, Markdown, sharp, Pagefind, esbuild), which
 * cost a small site's build more CPU than everything else it does.
 */
export async function openSources(root: string, timer: StageTimer): Promise<Opening> {
  const config = await timer.run('config', () => readConfig(root));
  const sources = await timer.run(
    'load',
    () => Sources.load(root),
    (sources) => `${sources.contentFiles().files.length} files, ${sources.imageFiles().size} images`,
  );
  return { root, config, sources };
}
