import type { OutputFile } from 'esbuild';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { problem, SiteError } from '../errors/site-error.ts';
import { packageRoot } from '../paths.ts';
import { siteManifestSchema } from '../../shared/site-manifest.ts';
import { FUNCTIONS_PACKAGES, NOT_FOUND_EN } from '../../functions/firebase/config.ts';
import { firebaseConfig } from './firebase-config.ts';
import { inputsDigest, keptText } from './firebase-memo.ts';
import type { Contents, FolderWriter } from './folder-writer.ts';
import { KeptFiles } from './kept-files.ts';
import { redirectsKey, type RedirectsKey } from './redirect-files.ts';
import { functionsPackageFiles, lockfileOf } from './functions-package.ts';
import { chooseNodeRuntime, firebaseRuntimes, runtimeNodeVersion } from './firebase-runtime.ts';
import { compileFailed } from './compile-failure.ts';
import { cachedBuild } from './cached-esbuild.ts';

/**
 * The build stage for Firebase: dist/functions (the handlers of functions/ bundled with a
 * Firebase Functions v2 adapter, one deployable package, with the site's data beside it) and
 * dist/firebase.json. Call it after the pages are written into `output`'s public/: it copies the
 * English 404 page the function serves.
 */
export interface BuildFunctionsOptions {
  root: string;
  /** The build folder being written (a fresh one until the build swaps it in). */
  output: FolderWriter;
  redirects: Array<{ from: string; to: string; status: number }>;
  /** The site.json object. */
  site: unknown;
  /** CSP hashes of every inline script of the pages (found while rendering them). */
  scriptHashes: readonly string[];
  /** The bundle, when it was started earlier (bundleFunctions); made here otherwise. */
  bundle?: Promise<OutputFile[]>;
  /** Files of the build before to link the same ones from (none: every file written). */
  kept?: KeptFiles;
  /** `redirects` as JSON, when the build has it already (redirectsKey). */
  redirectsKey?: RedirectsKey;
}

// PGlite stays out of the bundle (its WebAssembly files cannot be bundled) and out of the
// function's packages: on Firebase registrations always go to PostgreSQL, so it is never loaded.
const EXTERNAL = [...FUNCTIONS_PACKAGES, '@electric-sql/pglite'].flatMap((name) => [name, `${name}/*`]);

/**
 * functions/ bundled for Firebase. It depends on the sources alone (the site's data is written
 * beside it), so the build starts it first thing and esbuild works while the content is read.
 * Output paths are relative to dist/functions.
 */
export function bundleFunctions(root: string): Promise<OutputFile[]> {
  return cachedBuild(join(root, '.site', 'cache'), 'functions', {
    absWorkingDir: root,
    entryPoints: [join(root, 'functions', 'firebase', 'entry.ts')],
    bundle: true,
    platform: 'node',
    // CommonJS: nodemailer is CommonJS and requires Node built-ins, which an ESM bundle cannot.
    format: 'cjs',
    // Node 20 syntax: firebase-tools loads the bundle on the deploying machine too (engines: >= 20.19).
    target: 'node20',
    external: EXTERNAL,
    minify: true,
    sourcemap: true,
    legalComments: 'external',
    write: false,
    // A name only: nothing is written, and the files go wherever the build's dist is.
    outfile: join(root, '.site', 'functions', 'index.js'),
    logLevel: 'silent',
  }).then((result) => result.outputFiles, compileFailed);
}

/** The text of the lockfile that installed the function's packages; without one the build cannot pin them. */
async function readLock(root: string): Promise<string> {
  const file = lockfileOf(root, FUNCTIONS_PACKAGES[0]);
  const text = file ? await readFile(file, 'utf8').catch(() => undefined) : undefined;
  if (!file || text === undefined)
    throw new SiteError([
      problem('FUNCTIONS_LOCK_MISSING', { file: file ?? `${FUNCTIONS_PACKAGES[0]} (not installed)` }),
    ]);
  return text;
}

/**
 * Firebase's files of settings in the functions folder, kept by the project in functions/ since
 * each build writes dist/functions anew: `.env`, `.env.<project>` (non-secret settings such as
 * MAIL_FROM) and the emulators' `.env.local` and `.secret.local` (never uploaded: *.local).
 */
async function settingsFiles(root: string): Promise<Array<{ name: string; contents: string }>> {
  const dir = join(root, 'functions');
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => /^\.env(\.[\w.-]+)?$|^\.secret\.local$/.test(name))
    .sort();
  return Promise.all(names.map(async (name) => ({ name, contents: await readFile(join(dir, name), 'utf8') })));
}

export async function buildFunctions(options: BuildFunctionsOptions): Promise<number> {
  const parsed = siteManifestSchema.safeParse(options.site);
  if (!parsed.success) {
    throw new SiteError(
      parsed.error.issues.map((issue) =>
        problem('INTERNAL', { problem: `site.json ${issue.path.join('.')}: ${issue.message}` }),
      ),
    );
  }
  const site = parsed.data;
  const { output } = options;
  const notFoundEnglish = await readFile(join(output.dir, 'public', site.notFound.en), 'utf8').catch(() => null);
  const bundle = await (options.bundle ?? bundleFunctions(options.root));

  const runtimes = firebaseRuntimes();
  if (!runtimes)
    throw new SiteError([
      problem('FIREBASE_TOOLS_MISSING', { needed: 'The build writes dist/functions for Firebase' }),
    ]);
  const runtime = chooseNodeRuntime(runtimes);
  const packageFiles = await functionsPackageFiles(await readLock(packageRoot()), {
    names: FUNCTIONS_PACKAGES,
    node: runtimeNodeVersion(runtime),
    description:
      'Server functions of the site (mail, session, staging login, event registrations), built by `site build`.',
  });
  const siteJson = JSON.stringify(site);
  const redirects = options.redirectsKey ?? (await redirectsKey(options.redirects));
  const firebaseDigest = await inputsDigest([siteJson, redirects.digest, options.scriptHashes.join(' '), runtime]);
  const firebaseJson = () =>
    keptText(
      join(options.root, '.site', 'cache', 'firebase.json'),
      firebaseDigest,
      () =>
        `${JSON.stringify(firebaseConfig({ site, redirects: options.redirects, scriptHashes: options.scriptHashes, runtime }), null, 2)}\n`,
    );
  // Files an edit seldom changes, each by a digest at hand: linked from the build before when the same.
  const kept: Array<{ path: string; digest: string; contents: () => Contents | Promise<Contents> }> = [
    ...packageFiles,
    ...bundle.map((file) => ({
      path: `functions/${basename(file.path)}`,
      digest: file.hash,
      contents: () => file.contents,
    })),
    { path: 'functions/redirects.json', digest: redirects.digest, contents: () => redirects.json },
    { path: 'firebase.json', digest: firebaseDigest, contents: firebaseJson },
  ];
  const files = [
    { path: 'functions/site.json', contents: siteJson },
    ...(notFoundEnglish === null ? [] : [{ path: `functions/${NOT_FOUND_EN}`, contents: notFoundEnglish }]),
    ...(await settingsFiles(options.root)).map((file) => ({ path: `functions/${file.name}`, contents: file.contents })),
  ];
  const keptFiles = options.kept ?? KeptFiles.none();
  await Promise.all([
    ...kept.map((file) => keptFiles.write(output, file.path, file.digest, file.contents)),
    ...files.map((file) => output.write(file.path, file.contents)),
  ]);
  return kept.length + files.length;
}
