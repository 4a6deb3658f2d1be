import { build, type OutputFile } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { problem, SiteError } from '../errors/site-error.ts';
import { siteManifestSchema } from '../../functions/site.ts';
import { NOT_FOUND_EN } from '../../functions/firebase/config.ts';
import { firebaseConfig } from './firebase-config.ts';
import { writeAll } from './functions-files.ts';

/**
 * The build stage for Firebase: dist/functions (the handlers of functions/ bundled with a
 * Firebase Functions v2 adapter, one deployable package, with the site's data beside it) and
 * dist/firebase.json. Call it after the pages are written into `outDir/public`: it copies the
 * English 404 page the function serves.
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
  /** The bundle, when it was started earlier (bundleFunctions); made here otherwise. */
  bundle?: Promise<OutputFile[]>;
}

// Versions Firebase installs at deploy; firebase-admin matches the one the tests run against.
// pg and PGlite stay packages too: pg's optional native binding and PGlite's WebAssembly files
// cannot be bundled. Versions are the ones the tests run against.
const DEPLOY_DEPENDENCIES = { 'firebase-admin': '13.10.0', 'firebase-functions': '^6.3.0', pg: '8.23.1', '@electric-sql/pglite': '0.5.16' };

/**
 * functions/ bundled for Firebase. It depends on the sources alone (the site's data is written
 * beside it), so the build starts it first thing and esbuild works while the content is read.
 * Output paths are relative to dist/functions.
 */
export function bundleFunctions(root: string): Promise<OutputFile[]> {
  return build({
    entryPoints: [join(root, 'functions', 'firebase', 'entry.ts')],
    bundle: true,
    platform: 'node',
    // CommonJS: nodemailer is CommonJS and requires Node built-ins, which an ESM bundle cannot.
    format: 'cjs',
    target: 'node20',
    external: ['firebase-functions', 'firebase-functions/*', 'firebase-admin', 'firebase-admin/*', 'pg', '@electric-sql/pglite'],
    minify: true,
    sourcemap: true,
    legalComments: 'external',
    write: false,
    // A name only: nothing is written, and the files go wherever the build's dist is.
    outfile: join(root, '.site', 'functions', 'index.js'),
    logLevel: 'silent',
  }).then(
    (result) => result.outputFiles,
    (error: { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }> }) => {
      throw new SiteError(
        (error.errors ?? [{ text: String(error), location: null }]).map((e) =>
          problem('COMPILE_FAILED', { problem: e.text }, e.location ? { location: { file: e.location.file, line: e.location.line, column: e.location.column } } : {}),
        ),
      );
    },
  );
}

export async function buildFunctions(options: BuildFunctionsOptions): Promise<{ files: number; bytes: number }> {
  const parsed = siteManifestSchema.safeParse(options.site);
  if (!parsed.success) {
    throw new SiteError(parsed.error.issues.map((issue) => problem('INTERNAL', { problem: `site.json ${issue.path.join('.')}: ${issue.message}` })));
  }
  const site = parsed.data;
  const notFoundEnglish = await readFile(join(options.outDir, 'public', site.notFound.en), 'utf8').catch(() => null);
  const bundle = await (options.bundle ?? bundleFunctions(options.root));

  const functionsDir = join(options.outDir, 'functions');
  await rm(functionsDir, { recursive: true, force: true });
  const packageJson = {
    name: 'site-functions',
    private: true,
    description: 'Server functions of the site (mail, session, staging login, event registrations), built by `site build`.',
    main: 'index.js',
    engines: { node: '20' },
    dependencies: DEPLOY_DEPENDENCIES,
  };
  return writeAll([
    ...bundle.map((file) => ({ path: join(functionsDir, basename(file.path)), contents: file.contents })),
    { path: join(functionsDir, 'site.json'), contents: JSON.stringify(site) },
    { path: join(functionsDir, 'redirects.json'), contents: JSON.stringify(options.redirects) },
    ...(notFoundEnglish === null ? [] : [{ path: join(functionsDir, NOT_FOUND_EN), contents: notFoundEnglish }]),
    { path: join(functionsDir, 'package.json'), contents: `${JSON.stringify(packageJson, null, 2)}\n` },
    { path: join(options.outDir, 'firebase.json'), contents: `${JSON.stringify(firebaseConfig({ site, redirects: options.redirects, scriptHashes: options.scriptHashes }), null, 2)}\n` },
  ]);
}
