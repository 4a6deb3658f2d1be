import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { type Problem, problem, SiteError } from '../errors/site-error.ts';

// Light on purpose: the commands import this when the CLI starts, before any of them runs.

export const CONFIG_FILE = 'site.config.yaml';

/**
 * The folder a command works on (its --root, resolved), which must hold site.config.yaml: for
 * the commands that write into it or keep running (site new, schema, dev), so a run from the
 * wrong folder stops at once instead of writing files there or waiting for a config.
 */
export function projectFolder(rootOption: string): string {
  const root = resolve(rootOption);
  if (!existsSync(join(root, CONFIG_FILE))) throw new SiteError([configNotFound(root)]);
  return root;
}

/** CONFIG_NOT_FOUND; run from a folder inside a project (npx finds the command there too), it names the project. */
export function configNotFound(root: string): Problem {
  for (let dir = dirname(root); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, CONFIG_FILE)))
      return problem('CONFIG_NOT_FOUND', { root, project: dir, relative: relative(process.cwd(), dir) || '.' });
  }
  return problem('CONFIG_NOT_FOUND', { root });
}
