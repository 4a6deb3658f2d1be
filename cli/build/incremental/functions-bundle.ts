import { join } from 'node:path';
import { compileFailed } from '../compile-failure.ts';
import { importHashed } from '../hashed-module.ts';

/** What `site dev` takes from functions/index.ts: the router and the environment it runs in. */
export type FunctionsModule = Pick<
  typeof import('../../../functions/index.ts'),
  'handleFunction' | 'isFunctionPath' | 'createFunctionEnv'
>;

/**
 * functions/ bundled into one Node module and imported, so a saved handler is live on the next
 * request without restarting `site dev` (the CLI's own copy of functions/ is fixed at start).
 * Named by content hash, as Node caches imports by URL; packages stay external.
 */
export async function loadFunctions(
  root: string,
  cacheDir: string,
): Promise<{ module: FunctionsModule; hash: string }> {
  // Loaded here, not with this module: a build that bundles nothing never loads esbuild (see cached-esbuild.ts).
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(root, 'functions', 'index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  }).catch(compileFailed);
  const { module, hash } = await importHashed<FunctionsModule>(cacheDir, 'functions', result.outputFiles[0]!.text);
  return { module, hash };
}
