import { build, version as esbuildVersion, type BuildOptions, type Metafile, type OutputFile } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeAtomic } from '../images/cache.ts';
import { toolStamp } from './build-state.ts';

/** What the build's bundles use of esbuild's result. */
export interface BundleResult {
  outputFiles: OutputFile[];
  metafile: Metafile;
}

interface Stored {
  key: string;
  /** Every file esbuild read, by its hash; and every folder those are in, by its listing. */
  inputs: Record<string, string>;
  folders: Record<string, string>;
  outputs: Array<{ path: string; contents: string }>;
  metafile: Metafile;
}

const sha = (data: string | Uint8Array) => createHash('sha256').update(data).digest('base64url');

/** Files that change what esbuild makes of the same sources without being among its inputs. */
const SETTINGS = new Set(['tsconfig.json', 'jsconfig.json', 'package.json']);

/** The options, esbuild and the tool (plugins are the tool's code: named only) and the project's settings. */
async function optionsKey(options: BuildOptions & { absWorkingDir: string }): Promise<string> {
  const settings = await Promise.all(
    [...SETTINGS].map((name) => readFile(join(options.absWorkingDir, name), 'utf8').catch(() => '\0absent')),
  );
  const plugins = options.plugins?.map((plugin) => plugin.name);
  return sha(JSON.stringify({ ...options, plugins, esbuildVersion, tool: await toolStamp(), settings }));
}

/** Hashes of the files and folder listings, or undefined when one is gone. */
async function fingerprints(root: string, paths: string[], read: (path: string) => Promise<string | Uint8Array>) {
  const entries = await Promise.all(
    paths.map(async (path) => {
      try {
        return [path, sha(await read(join(root, path)))] as const;
      } catch {
        return undefined;
      }
    }),
  );
  return entries.every(Boolean) ? Object.fromEntries(entries as Array<readonly [string, string]>) : undefined;
}

/** A folder's names, and the text of any settings file among them (esbuild reads the nearest tsconfig.json). */
async function listing(folder: string): Promise<string> {
  const names = (await readdir(folder)).sort();
  const settings = await Promise.all(
    names.filter((name) => SETTINGS.has(name)).map((name) => readFile(join(folder, name), 'utf8')),
  );
  return [...names, ...settings].join('\n');
}
const sourceFolders = (inputs: string[]) =>
  [...new Set(inputs.filter((input) => !input.includes('node_modules/')).map(dirname))].sort();

const sameRecord = (a: Record<string, string> | undefined, b: Record<string, string>) =>
  a !== undefined && Object.keys(b).every((key) => a[key] === b[key]);

const outputFile = (path: string, contents: Uint8Array): OutputFile => ({
  path,
  contents,
  hash: sha(contents),
  get text() {
    return Buffer.from(contents).toString('utf8');
  },
});

/**
 * esbuild's `build` (nothing written) with its result kept in `<cacheDir>/bundles/<name>.json`:
 * while the options are the same and every file it read, and every source folder's listing
 * (a new file can change what an import finds), is as it was, the bundle is taken from there
 * instead of made again. Most builds change content, not code: this saves each of them the
 * templates', islands', card's and functions' bundles. A damaged or missing entry is a miss.
 */
export async function cachedBuild(
  cacheDir: string,
  name: string,
  options: BuildOptions & { absWorkingDir: string },
): Promise<BundleResult> {
  const root = options.absWorkingDir;
  const file = join(cacheDir, 'bundles', `${name}.json`);
  const key = await optionsKey(options);
  const stored = await readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as Stored)
    .catch(() => undefined);
  // Written by this code whole (writeAtomic), but a hand-edited or foreign entry must still be a miss, not a crash.
  const usable =
    stored?.key === key &&
    [stored.inputs, stored.folders, stored.metafile].every((part) => typeof part === 'object' && part !== null) &&
    Array.isArray(stored.outputs) &&
    stored.outputs.every((output) => typeof output?.path === 'string' && typeof output.contents === 'string');
  if (usable) {
    const [inputs, folders] = await Promise.all([
      fingerprints(root, Object.keys(stored.inputs), (path) => readFile(path)),
      fingerprints(root, Object.keys(stored.folders), listing),
    ]);
    if (sameRecord(inputs, stored.inputs) && sameRecord(folders, stored.folders))
      return {
        outputFiles: stored.outputs.map((output) => outputFile(output.path, Buffer.from(output.contents, 'base64'))),
        metafile: stored.metafile,
      };
  }
  const started = Date.now();
  const result = await build({ ...options, write: false, metafile: true });
  const inputPaths = Object.keys(result.metafile.inputs).filter((input) => !input.includes(':'));
  const [inputs, folders, changedSince] = await Promise.all([
    fingerprints(root, inputPaths, (path) => readFile(path)),
    fingerprints(root, sourceFolders(inputPaths), listing),
    Promise.all(
      inputPaths.map((path) =>
        stat(join(root, path)).then(
          (info) => info.mtimeMs >= started,
          () => true,
        ),
      ),
    ),
  ]);
  // An input saved or gone while esbuild ran: the bundle may hold its older text. Not kept: the next build bundles again.
  if (inputs && folders && !changedSince.includes(true)) {
    const outputs = result.outputFiles.map((output) => ({
      path: output.path,
      contents: Buffer.from(output.contents).toString('base64'),
    }));
    await mkdir(dirname(file), { recursive: true });
    await writeAtomic(file, JSON.stringify({ key, inputs, folders, outputs, metafile: result.metafile }));
  }
  return { outputFiles: result.outputFiles, metafile: result.metafile };
}
