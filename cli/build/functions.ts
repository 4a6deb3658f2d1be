import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { problem, SiteError } from '../errors/site-error.ts';
import { siteManifestSchema } from '../../functions/site.ts';
import { firebaseConfig } from './firebase-config.ts';
import { writeAll } from './functions-files.ts';

/**
 * The build stage for Firebase: dist/functions (the handlers of functions/ bundled with a
 * Firebase Functions v2 adapter, one deployable package) and dist/firebase.json. Call it after the
 * pages are written into `outDir/public`: it reads the English 404 page the function serves.
 */
export interface BuildFunctionsOptions {
  root: string;
  /** The dist folder being built (a temp dir until the build swaps it in). */
  outDir: string;
  redirects: Array<{ from: string; to: string; status: number }>;
  /** The site.json object. */
  site: unknown;
  /** CSP hashes of every inline script of the pages (found while rendering them). */
  scriptHashes: readonly string[];
}

// Versions Firebase installs at deploy; firebase-admin matches the one the tests run against.
// pg and PGlite stay packages too: pg's optional native binding and PGlite's WebAssembly files
// cannot be bundled. Versions are the ones the tests run against.
const DEPLOY_DEPENDENCIES = { 'firebase-admin': '13.10.0', 'firebase-functions': '^6.3.0', pg: '8.23.1', '@electric-sql/pglite': '0.5.16' };

export async function buildFunctions(options: BuildFunctionsOptions): Promise<{ files: number; bytes: number }> {
  const parsed = siteManifestSchema.safeParse(options.site);
  if (!parsed.success) {
    throw new SiteError(parsed.error.issues.map((issue) => problem('INTERNAL', { problem: `site.json ${issue.path.join('.')}: ${issue.message}` })));
  }
  const site = parsed.data;
  const publicDir = join(options.outDir, 'public');
  const notFoundEnglish = await readFile(join(publicDir, site.notFound.en), 'utf8').catch(() => null);

  const functionsDir = join(options.outDir, 'functions');
  await rm(functionsDir, { recursive: true, force: true });
  const bundle = await build({
    entryPoints: [join(options.root, 'functions', 'firebase', 'entry.ts')],
    bundle: true,
    platform: 'node',
    // CommonJS: nodemailer is CommonJS and requires Node built-ins, which an ESM bundle cannot.
    format: 'cjs',
    target: 'node20',
    external: ['firebase-functions', 'firebase-functions/*', 'firebase-admin', 'firebase-admin/*', 'pg', '@electric-sql/pglite'],
    define: {
      __SITE__: JSON.stringify(site),
      __REDIRECTS__: JSON.stringify(options.redirects),
      __NOT_FOUND_EN__: JSON.stringify(notFoundEnglish),
    },
    minify: true,
    sourcemap: true,
    legalComments: 'external',
    write: false,
    outfile: join(functionsDir, 'index.js'),
    logLevel: 'silent',
  }).catch((error: { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }> }) => {
    throw new SiteError(
      (error.errors ?? [{ text: String(error), location: null }]).map((e) =>
        problem('COMPILE_FAILED', { problem: e.text }, e.location ? { location: { file: e.location.file, line: e.location.line, column: e.location.column } } : {}),
      ),
    );
  });

  const packageJson = {
    name: 'site-functions',
    private: true,
    description: 'Server functions of the site (mail, session, staging login, event registrations), built by `site build`.',
    main: 'index.js',
    engines: { node: '20' },
    dependencies: DEPLOY_DEPENDENCIES,
  };
  return writeAll([
    ...bundle.outputFiles.map((file) => ({ path: file.path, contents: file.contents })),
    { path: join(functionsDir, 'package.json'), contents: `${JSON.stringify(packageJson, null, 2)}\n` },
    { path: join(options.outDir, 'firebase.json'), contents: `${JSON.stringify(firebaseConfig({ site, redirects: options.redirects, scriptHashes: options.scriptHashes }), null, 2)}\n` },
  ]);
}
