import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { problem, SiteError } from '../errors/site-error.ts';

/** What `site dev` takes from functions/index.ts: the router and the environment it runs in. */
export type FunctionsModule = Pick<
  typeof import('../../functions/index.ts'),
  'handleFunction' | 'isFunctionPath' | 'createFunctionEnv'
>;

type EsbuildFailure = {
  errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }>;
};

/**
 * functions/ bundled into one Node module and imported, so a saved handler is live on the next
 * request without restarting `site dev` (the CLI's own copy of functions/ is fixed at start).
 * Named by content hash, as Node caches imports by URL; packages stay external.
 */
export async function loadFunctions(
  root: string,
  cacheDir: string,
): Promise<{ module: FunctionsModule; hash: string }> {
  const result = await build({
    entryPoints: [join(root, 'functions', 'index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  }).catch((error: EsbuildFailure) => {
    throw new SiteError(
      (error.errors ?? [{ text: String(error), location: null }]).map((e) =>
        problem(
          'COMPILE_FAILED',
          { problem: e.text },
          e.location ? { location: { file: e.location.file, line: e.location.line, column: e.location.column } } : {},
        ),
      ),
    );
  });
  const code = result.outputFiles[0]!.text;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
  const file = join(cacheDir, `functions.${hash}.mjs`);
  await mkdir(cacheDir, { recursive: true });
  await writeFile(file, code);
  return { module: (await import(pathToFileURL(file).href)) as FunctionsModule, hash };
}
