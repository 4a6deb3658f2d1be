import type { Metafile } from 'esbuild';
import { readdir } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { preactForIslands } from './preact-alias.ts';
import { compileFailed } from './compile-failure.ts';
import { cachedBuild } from './cached-esbuild.ts';
import { gzipSizesOf } from './gzip-sizes.ts';

/** Where island scripts live in the published site. */
export const islandsPath = '/islands/';

export interface IslandFile {
  /** Public URL. */
  path: string;
  contents: Uint8Array;
  bytes: number;
  gzipBytes: number;
  /** What is in it, largest first (`preact`, `islands/lib/toast-queue.ts`): names the hashed chunks in reports. */
  contains: string[];
}

export interface IslandsBundle {
  /** Island name (and `loader`) to its content-hashed public URL: RenderInput.assets.islands. */
  manifest: Record<string, string>;
  files: IslandFile[];
  /** Source files read, for `site dev` to watch. */
  inputs: string[];
}

/**
 * The islands are the top-level .tsx files of islands/ (one island each, named after its file);
 * the loader is islands/loader.ts, the header's own small script islands/header.ts (no island:
 * every page with a header loads it). Everything else in islands/ is shared code.
 */
export async function islandEntries(root: string): Promise<Record<string, string>> {
  const dir = join(root, 'islands');
  const names = (await readdir(dir)).filter((name) => name.endsWith('.tsx')).sort();
  const entries: Record<string, string> = { loader: join(dir, 'loader.ts'), header: join(dir, 'header.ts') };
  for (const name of names) entries[basename(name, '.tsx')] = join(dir, name);
  return entries;
}

function entryOutputs(
  metafile: Metafile,
  root: string,
  entries: Record<string, string>,
  outdir: string,
): Record<string, string> {
  const byInput = new Map(
    Object.entries(entries).map(([name, file]) => [relative(root, file).split('\\').join('/'), name]),
  );
  const manifest: Record<string, string> = {};
  for (const [output, meta] of Object.entries(metafile.outputs)) {
    const name = meta.entryPoint ? byInput.get(meta.entryPoint) : undefined;
    if (name) manifest[name] = islandsPath + relative(outdir, join(root, output)).split('\\').join('/');
  }
  return manifest;
}

/**
 * Bundle every island for the browser: one entry per island plus the loader, shared code split
 * into chunks (Preact is downloaded once per page, whatever the number of islands), names hashed
 * by content so they are cached forever. Nothing is written: the pipeline writes `files`.
 */
export async function bundleIslands(root: string): Promise<IslandsBundle> {
  const entries = await islandEntries(root);
  const outdir = join(root, '.site', 'islands-out');
  const result = await cachedBuild(join(root, '.site', 'cache'), 'islands', {
    absWorkingDir: root,
    entryPoints: Object.values(entries),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    // The browsers the CSS targets; all run ES modules, which is what the loader needs.
    target: ['chrome110', 'firefox115', 'safari16'],
    minify: true,
    outdir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    jsx: 'automatic',
    metafile: true,
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [preactForIslands(join(root, 'islands'))],
  }).catch(compileFailed);
  const gzipSizes = await gzipSizesOf(join(root, '.site', 'cache', 'islands-gzip.json'), result.outputFiles);
  const files = result.outputFiles.map((file, index) => {
    const meta = result.metafile.outputs[relative(root, file.path).split('\\').join('/')];
    const contains = Object.entries(meta?.inputs ?? {})
      .filter(([, input]) => input.bytesInOutput > 0)
      .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
      .map(([input]) =>
        input.replace(
          /^node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:(dist|src)\/|([^/]+)\/).*$/,
          (_, name: string, _top?: string, sub?: string) => (sub ? `${name}/${sub}` : name),
        ),
      );
    return {
      path: islandsPath + relative(outdir, file.path).split('\\').join('/'),
      contents: file.contents,
      bytes: file.contents.byteLength,
      gzipBytes: gzipSizes[index]!,
      contains: [...new Set(contains)],
    };
  });
  return {
    manifest: entryOutputs(result.metafile, root, entries, outdir),
    files,
    inputs: Object.keys(result.metafile.inputs),
  };
}

/**
 * The build stage: the bundle written into <out>/public/islands/, and <out>/islands.json (the
 * manifest with every file's size, for scripts/js-budget.mjs and tests); returns what pages need.
 */
export async function writeIslands(
  bundle: IslandsBundle,
  output: { write(path: string, contents: string | Uint8Array): Promise<void> },
): Promise<IslandsBundle> {
  const sizes = Object.fromEntries(
    bundle.files.map((file) => [file.path, { bytes: file.bytes, gzip: file.gzipBytes, contains: file.contains }]),
  );
  await Promise.all([
    ...bundle.files.map((file) => output.write(`public${file.path}`, file.contents)),
    output.write('islands.json', `${JSON.stringify({ islands: bundle.manifest, files: sizes }, null, 2)}\n`),
  ]);
  return bundle;
}
