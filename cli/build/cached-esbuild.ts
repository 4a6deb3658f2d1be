import type { BuildOptions, Metafile, OutputFile } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, type Stats } from 'node:fs';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { writeAtomic } from '../images/cache.ts';
import { toolStamp } from './build-state.ts';
import { settled } from './file-settled.ts';

/** What the build's bundles use of esbuild's result. */
export interface BundleResult {
  outputFiles: OutputFile[];
  metafile: Metafile;
}

interface Stored {
  key: string;
  /** Every file esbuild read, by its hash; and every folder those are in, by its listing. */
  inputs: Record<string, string>;
  /** The inputs' size and times when they were hashed (see `settled`): a file showing the same is not read again. */
  prints: Record<string, string>;
  folders: Record<string, string>;
  /** The output files: their bytes are beside the entry, in `<name>.json.out`, raw (3 MB of functions read as they are). */
  outputs: Array<{ path: string; bytes: number; hash: string }>;
  metafile: Metafile;
  /** The context digest (./build-state.ts) of the build that last found every input as it is: see `Vouch`. */
  context?: string;
}

/**
 * What `site build` has hashed before it compiles (./build-state.ts `inputDigests`): its context
 * digest, the folders whose every file it holds, and when the hashing started. An entry checked
 * while every input it read was older than that, and in those folders or in node_modules (which
 * the lockfile in the digest stands for, as it does for the build's own "nothing changed"), is
 * kept with the digest: a later build of the same digest takes it without a stat or a listing
 * (issue 21: most builds change content only).
 */
export interface Vouch {
  digest: string;
  folders: readonly string[];
  since: number;
}
const vouches = new Map<string, Vouch>();

/** Runs `build` with the sources of the project in `root` vouched for (one build of a project at a time). */
export async function withVouch<T>(root: string, vouch: Vouch, build: () => Promise<T>): Promise<T> {
  vouches.set(root, vouch);
  try {
    return await build();
  } finally {
    vouches.delete(root);
  }
}

/** The digest to keep with an entry whose inputs are `paths`, changed last at `latest`; undefined when it cannot vouch for them. */
function vouchFor(root: string, paths: string[], latest: number): string | undefined {
  const vouch = vouches.get(root);
  const held = (path: string) =>
    path.includes('node_modules/') || vouch!.folders.some((folder) => path.startsWith(`${folder}/`));
  return vouch && latest < vouch.since && paths.every(held) ? vouch.digest : undefined;
}

/**
 * Whether this process makes its bundles once and exits (`site build`, `bundlesOnce`): its esbuild
 * service then runs without Go's garbage collector, as esbuild's own command line does for a build
 * that is not a server or a watcher ("we're just going to allocate a bunch of memory and then exit
 * anyway", cmd/esbuild/main.go); its JavaScript API cannot know that and leaves it on. The build's
 * bundles took 0.49 against 0.70 CPU-s of esbuild's process, which holds ~20 MB more (117 against
 * 97 MB) until the build exits (bench/RESULTS.md, fixed21j). `site dev`'s service lives on: not there.
 */
let once = false;
export function bundlesOnce(): void {
  once = true;
}

/** `start` (a first esbuild call starts its service synchronously) with GOGC=off when `once`; a GOGC the user set is kept. */
function serviceSettings<T>(start: () => T): T {
  const unset = once && process.env.GOGC === undefined;
  if (unset) process.env.GOGC = 'off';
  try {
    return start();
  } finally {
    if (unset) delete process.env.GOGC; // for the service alone, not for every process the build starts after it
  }
}

const sha = (data: string | Uint8Array) => createHash('sha256').update(data).digest('base64url');

/** Files that change what esbuild makes of the same sources without being among its inputs. */
const SETTINGS = new Set(['tsconfig.json', 'jsconfig.json', 'package.json']);

/**
 * esbuild's version from its package.json, not its module: a build whose bundles all come from
 * the cache never loads esbuild (~35 ms of this thread) nor starts its process.
 */
let version: string | undefined;
function esbuildVersion(): string {
  const file = createRequire(import.meta.url).resolve('esbuild/package.json');
  version ??= (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  return version;
}

/** The options, esbuild and the tool (plugins are the tool's code: named only) and the project's settings. */
async function optionsKey(options: BuildOptions & { absWorkingDir: string }): Promise<string> {
  const settings = await Promise.all(
    [...SETTINGS].map((name) => readFile(join(options.absWorkingDir, name), 'utf8').catch(() => '\0absent')),
  );
  const plugins = options.plugins?.map((plugin) => plugin.name);
  const tool = await toolStamp();
  return sha(JSON.stringify({ ...options, plugins, esbuildVersion: esbuildVersion(), tool, settings, outputs: 'raw' }));
}

/** A file's size and times. Its change time is the system's to set: a file written anew shows a new one, whatever its mtime says. */
const printOf = (info: Stats) => `${info.size}:${info.mtimeMs}:${info.ctimeMs}`;

/**
 * An input's hash, its times after the read, and its print when it stood still while read and
 * is settled; undefined when it is gone.
 */
async function inputPrint(root: string, path: string, now: number) {
  const file = join(root, path);
  try {
    const before = printOf(await stat(file));
    const hash = sha(await readFile(file));
    const after = await stat(file);
    return {
      hash,
      after,
      changed: Math.max(after.mtimeMs, after.ctimeMs),
      print: printOf(after) === before && settled(Math.max(after.mtimeMs, after.ctimeMs), now) ? before : undefined,
    };
  } catch {
    return undefined;
  }
}

/** Hashes of the folder listings, or undefined when one is gone. */
async function listings(root: string, folders: string[]): Promise<Record<string, string> | undefined> {
  const entries = await Promise.all(
    folders.map((folder) =>
      listing(join(root, folder)).then(
        (text) => [folder, sha(text)] as const,
        () => undefined,
      ),
    ),
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

/**
 * Whether every input is as stored: one stat each while its print matches, a read and a hash
 * otherwise. The prints to keep when some were taken anew (undefined: an input changed or is gone).
 */
async function unchangedInputs(root: string, stored: Stored) {
  const now = Date.now();
  const checked = await Promise.all(
    Object.entries(stored.inputs).map(async ([path, hash]) => {
      const info = await stat(join(root, path)).catch(() => undefined);
      const changed = info ? Math.max(info.mtimeMs, info.ctimeMs) : 0;
      if (info && stored.prints[path] === printOf(info))
        return { path, print: stored.prints[path], anew: false, changed };
      const again = await inputPrint(root, path, now);
      return again?.hash === hash ? { path, print: again.print, anew: true, changed: again.changed } : undefined;
    }),
  );
  if (!checked.every(Boolean)) return undefined;
  const prints = Object.fromEntries(checked.flatMap((input) => (input!.print ? [[input!.path, input!.print]] : [])));
  const latest = Math.max(0, ...checked.map((input) => input!.changed));
  return { prints, anew: checked.some((input) => input!.anew && input!.print), latest };
}

/** `hash`: the sha256 of `contents` (a kept file of the build is linked by it: cli/build/kept-files.ts). */
const outputFile = (path: string, contents: Uint8Array, hash: string): OutputFile => ({
  path,
  contents,
  hash,
  get text() {
    return Buffer.from(contents).toString('utf8');
  },
});

/** The stored outputs, or undefined when their file is missing or not what the entry says (a write cut short). */
async function storedOutputs(file: string, stored: Stored): Promise<OutputFile[] | undefined> {
  const bytes = await readFile(`${file}.out`).catch(() => undefined);
  let start = 0;
  const outputs = stored.outputs.map((output) => {
    const contents = bytes?.subarray(start, (start += output.bytes));
    return contents?.byteLength === output.bytes && sha(contents) === output.hash
      ? outputFile(output.path, contents, output.hash)
      : undefined;
  });
  return start === bytes?.byteLength && outputs.every(Boolean) ? (outputs as OutputFile[]) : undefined;
}

/** The outputs' bytes one after another in `<name>.json.out`, then the entry naming them: an entry never vouches for other bytes unnoticed (their hashes). */
async function store(file: string, entry: Omit<Stored, 'outputs'>, outputs: readonly OutputFile[]): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeAtomic(`${file}.out`, Buffer.concat(outputs.map((output) => output.contents)));
  const named = outputs.map((output) => ({ path: output.path, bytes: output.contents.byteLength, hash: output.hash }));
  await writeAtomic(file, JSON.stringify({ ...entry, outputs: named }));
}

/** A stored entry of this code's shape under this key, or undefined (written whole, but a hand-edited or foreign entry must be a miss, not a crash). */
async function readEntry(file: string, key: string): Promise<Stored | undefined> {
  const stored = await readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as Stored)
    .catch(() => undefined);
  const usable =
    stored?.key === key &&
    [stored.inputs, stored.prints, stored.folders, stored.metafile].every(
      (part) => typeof part === 'object' && part !== null,
    ) &&
    Array.isArray(stored.outputs) &&
    stored.outputs.every(
      (output) => typeof output?.path === 'string' && Number.isInteger(output.bytes) && typeof output.hash === 'string',
    );
  return usable ? stored : undefined;
}

/**
 * esbuild's `build` (nothing written) with its result kept in `<cacheDir>/bundles/<name>.json`:
 * while the options are the same and every file it read, and every source folder's listing
 * (a new file can change what an import finds), is as it was, the bundle is taken from there
 * instead of made again. Most builds change content, not code: this saves each of them the
 * templates', islands', stylesheet's, card's and functions' bundles, and esbuild itself. A
 * damaged or missing entry is a miss.
 */
export async function cachedBuild(
  cacheDir: string,
  name: string,
  options: BuildOptions & { absWorkingDir: string },
): Promise<BundleResult> {
  const root = options.absWorkingDir;
  const file = join(cacheDir, 'bundles', `${name}.json`);
  const key = await optionsKey(options);
  const stored = await readEntry(file, key);
  if (stored) {
    // Checked under this build's context digest: every input is as it was then.
    const vouched = stored.context !== undefined && stored.context === vouches.get(root)?.digest;
    const [inputs, folders, outputFiles] = await Promise.all([
      vouched ? { prints: stored.prints, anew: false, latest: 0 } : unchangedInputs(root, stored),
      vouched ? stored.folders : listings(root, Object.keys(stored.folders)),
      storedOutputs(file, stored),
    ]);
    if (inputs && sameRecord(folders, stored.folders) && outputFiles) {
      // Prints taken anew (a checkout, a copied project): kept, so the next build only stats those
      // files. The digest that vouches for them now: once a day (the build date is in it) or a code change.
      const context = vouchFor(root, Object.keys(stored.inputs), inputs.latest);
      if (inputs.anew || context !== stored.context)
        await writeAtomic(file, JSON.stringify({ ...stored, prints: inputs.prints, context }));
      return { outputFiles, metafile: stored.metafile };
    }
  }
  const started = Date.now();
  const { build } = await import('esbuild');
  const result = await serviceSettings(() => build({ ...options, write: false, metafile: true }));
  // The sha256 a cache hit returns, not esbuild's hash: the next build links what this one wrote (kept-files.ts).
  const outputFiles = result.outputFiles.map((output) =>
    outputFile(output.path, output.contents, sha(output.contents)),
  );
  const inputPaths = Object.keys(result.metafile.inputs).filter((input) => !input.includes(':'));
  const [read, folders] = await Promise.all([
    Promise.all(inputPaths.map((path) => inputPrint(root, path, started))),
    listings(root, sourceFolders(inputPaths)),
  ]);
  // An input saved or gone while esbuild ran: the bundle may hold its older text. Not kept: the next build bundles again.
  if (folders && read.every((input) => input && input.after.mtimeMs < started)) {
    const inputs = Object.fromEntries(inputPaths.map((path, index) => [path, read[index]!.hash]));
    const prints = Object.fromEntries(
      inputPaths.flatMap((path, index) => (read[index]!.print ? [[path, read[index]!.print]] : [])),
    );
    const context = vouchFor(root, inputPaths, Math.max(0, ...read.map((input) => input!.changed)));
    await store(file, { key, inputs, prints, folders, metafile: result.metafile, context }, outputFiles);
  }
  return { outputFiles, metafile: result.metafile };
}
