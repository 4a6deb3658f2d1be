import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseYaml } from '../source/yaml-source.ts';
import { fieldName, zodProblems } from '../source/zod-problems.ts';
import type { FieldPath } from '../source/yaml-source.ts';
import { problem, SiteError } from '../errors/site-error.ts';
import { CONFIG_FILE, configNotFound } from './project-folder.ts';
import { configSchema, type SiteConfig } from '../../shared/config.ts';
import { configRules } from './rules.ts';
import { applyBuildEnvironment } from './environment.ts';
import { readBuildEnvironment } from './build-environment.ts';

/**
 * Read and validate site.config.yaml: shape, then cross-field rules, then the overrides of the
 * environment (environment.ts). Throws SiteError.
 */
export async function loadConfig(root: string, env = readBuildEnvironment()): Promise<SiteConfig> {
  let text: string;
  try {
    text = await readFile(join(root, CONFIG_FILE), 'utf8');
  } catch {
    throw new SiteError([configNotFound(root)]);
  }
  return configOf(text, env);
}

/** The config site.config.yaml's text makes, with the environment's overrides. Throws SiteError. */
export function configOf(text: string, env = readBuildEnvironment()): SiteConfig {
  return applyBuildEnvironment(parseConfig(text), env);
}

export function parseConfig(text: string, file = CONFIG_FILE): SiteConfig {
  const source = parseYaml(text, file);
  if (source.problems.length) throw new SiteError(source.problems);
  const parsed = configSchema.safeParse(source.data);
  if (!parsed.success) {
    throw new SiteError(
      zodProblems(parsed.error.issues, source.data, file, source.lineOf, 'CONFIG_INVALID', { schema: configSchema }),
    );
  }
  const ruleProblems = configRules
    .flatMap((rule) => rule(parsed.data))
    .map(([path, message]) => {
      const field = fieldName(path);
      return problem(
        'CONFIG_INVALID',
        { field, problem: message },
        { location: { file, line: lineOfNearest(source.lineOf, path) }, field },
      );
    });
  if (ruleProblems.length) throw new SiteError(ruleProblems);
  return parsed.data;
}

/** The line of a field, or of the nearest field above it that is there (a route left out: `routes:`). */
function lineOfNearest(lineOf: (path: FieldPath) => number | undefined, path: FieldPath): number {
  for (let length = path.length; length > 0; length--) {
    const line = lineOf(path.slice(0, length));
    if (line !== undefined) return line;
  }
  return 1;
}
