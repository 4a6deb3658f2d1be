import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteConfig } from '../../shared/config.ts';
import { writeAtomic } from '../images/cache.ts';
import { toolStamp } from '../build/build-state.ts';
import { readBuildEnvironment } from './build-environment.ts';
import { CONFIG_FILE } from './project-folder.ts';

/** Where the last valid config is kept, with the key of what it was made from. */
export const keptConfigFile = (root: string): string => join(root, '.site', 'cache', 'config.json');

/** What a config is made of: the file's bytes, the variables that override it and the tool (its schema and defaults). */
async function configKey(text: Buffer): Promise<string> {
  return createHash('sha256')
    .update(`${await toolStamp()}\0${JSON.stringify(readBuildEnvironment())}\0`)
    .update(text)
    .digest('base64url');
}

/**
 * site.config.yaml as the last build validated it, while its bytes, the environment's overrides
 * and the tool are the same: the config is JSON (the YAML core schema has no dates, the schema
 * makes no other values), so the kept copy is the config itself. A build after a content edit
 * then neither loads the schema nor runs it (issue 21). Only a valid config is kept: a file with a
 * problem, or none, is read and checked each time, so its problems are said as they were.
 *
 * `config`: the kept one, or undefined; `keep`: stores a config validated from the same bytes.
 */
export async function keptConfig(
  root: string,
): Promise<{ config: SiteConfig | undefined; text: string | undefined; keep(config: SiteConfig): Promise<void> }> {
  const bytes = await readFile(join(root, CONFIG_FILE)).catch(() => undefined);
  if (!bytes) return { config: undefined, text: undefined, keep: async () => undefined };
  const key = await configKey(bytes);
  const file = keptConfigFile(root);
  const kept = await readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as { key?: unknown; config?: SiteConfig })
    .catch(() => undefined);
  return {
    config: kept?.key === key && typeof kept.config === 'object' && kept.config !== null ? kept.config : undefined,
    text: bytes.toString('utf8'),
    async keep(config) {
      await mkdir(join(root, '.site', 'cache'), { recursive: true });
      await writeAtomic(file, JSON.stringify({ key, config }));
    },
  };
}
