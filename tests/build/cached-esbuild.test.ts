import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { cachedBuild, withVouch } from '../../cli/build/cached-esbuild.ts';
import { CLOCK_STEP_MS } from '../../cli/build/file-settled.ts';

/**
 * cli/build/cached-esbuild.ts on a project of two files: a bundle is taken from the cache only
 * while everything it was made from is as it was. A hit is told by a marker written into the
 * stored output (esbuild would never make it).
 */
let root: string;
const cacheDir = () => join(root, '.site', 'cache');
const stored = () => join(cacheDir(), 'bundles', 'demo.json');
const bundle = async () =>
  (
    await cachedBuild(cacheDir(), 'demo', {
      absWorkingDir: root,
      entryPoints: [join(root, 'src', 'entry.ts')],
      bundle: true,
      format: 'esm',
      logLevel: 'silent',
    })
  ).outputFiles[0]!.text;

type Entry = {
  context?: string;
  inputs: Record<string, string>;
  outputs: Array<{ path: string; bytes: number; hash: string }>;
};
const readEntry = async () => JSON.parse(await readFile(stored(), 'utf8')) as Entry;

/** Replaces the stored bundle's code with a marker (and the entry's record of it): a build that returns it read the cache. */
async function markStored(): Promise<void> {
  const entry = await readEntry();
  const marker = Buffer.from('/* from the cache */');
  entry.outputs[0] = {
    ...entry.outputs[0]!,
    bytes: marker.byteLength,
    hash: createHash('sha256').update(marker).digest('base64url'),
  };
  await writeFile(`${stored()}.out`, marker);
  await writeFile(stored(), JSON.stringify(entry));
}

/**
 * A source saved a minute before the build, as an editor's are: a file written in the same
 * millisecond the build starts counts as saved while esbuild ran, and its bundle is not kept
 * (the last test), which made the tests that expect a stored bundle fail now and then.
 */
async function writeSource(name: string, text: string): Promise<void> {
  const file = join(root, 'src', name);
  await writeFile(file, text);
  const before = new Date(Date.now() - 60_000);
  await utimes(file, before, before);
}

beforeEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = await mkdtemp(join(tmpdir(), 'cached-esbuild-'));
  await mkdir(join(root, 'src'));
  await writeSource('entry.ts', "import { word } from './word';\nconsole.log(word);\n");
  await writeSource('word.ts', "export const word = 'eerste';\n");
  expect(await bundle()).toContain('eerste');
  await markStored();
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('esbuild results kept by their inputs', () => {
  test('a fresh bundle carries the sha256 a cache hit returns (the next build links the file it wrote)', async () => {
    await rm(stored());
    const build = () =>
      cachedBuild(cacheDir(), 'demo', {
        absWorkingDir: root,
        entryPoints: [join(root, 'src', 'entry.ts')],
        bundle: true,
        format: 'esm',
        logLevel: 'silent',
      });
    const fresh = (await build()).outputFiles[0]!;
    expect(fresh.hash).toBe(createHash('sha256').update(fresh.contents).digest('base64url'));
    expect((await build()).outputFiles[0]!.hash).toBe(fresh.hash);
  });

  test('nothing changed: the stored bundle', async () => {
    expect(await bundle()).toBe('/* from the cache */');
  });

  test('an input edited: bundled again, and that is kept', async () => {
    await writeSource('word.ts', "export const word = 'tweede';\n");
    expect(await bundle()).toContain('tweede');
    await markStored();
    expect(await bundle()).toBe('/* from the cache */');
  });

  test('a file added beside an input (an import may now find it first): bundled again', async () => {
    await writeSource('word.tsx', "export const word = 'derde';\n");
    expect(await bundle()).not.toBe('/* from the cache */');
  });

  test('a tsconfig.json added or edited: bundled again', async () => {
    await writeFile(join(root, 'tsconfig.json'), '{"compilerOptions":{}}');
    expect(await bundle()).toContain('eerste');
    await markStored();
    await writeFile(join(root, 'tsconfig.json'), '{"compilerOptions":{"useDefineForClassFields":false}}');
    expect(await bundle()).toContain('eerste');
  });

  test('other options: bundled again', async () => {
    const minified = await cachedBuild(cacheDir(), 'demo', {
      absWorkingDir: root,
      entryPoints: [join(root, 'src', 'entry.ts')],
      bundle: true,
      format: 'esm',
      minify: true,
      logLevel: 'silent',
    });
    expect(minified.outputFiles[0]!.text).toContain('eerste');
  });

  test('a damaged entry: bundled again', async () => {
    await writeFile(stored(), '{"key":');
    expect(await bundle()).toContain('eerste');
  });

  test("the outputs' file cut short (a write torn by a crash): bundled again", async () => {
    await truncate(`${stored()}.out`, 4);
    expect(await bundle()).toContain('eerste');
  });

  test('an input rewritten with its size and mtime as they were: bundled again', async () => {
    const file = join(root, 'src', 'word.ts');
    const before = await stat(file);
    await writeFile(file, "export const word = 'vierde';\n");
    await utimes(file, before.atime, before.mtime);
    expect(await bundle()).toContain('vierde');
  });

  test('an entry of another shape under the right key: bundled again, no crash', async () => {
    const entry = JSON.parse(await readFile(stored(), 'utf8')) as { outputs: unknown };
    entry.outputs = { broken: true };
    await writeFile(stored(), JSON.stringify(entry));
    expect(await bundle()).toContain('eerste');
  });

  test('an input untouched for a while is vouched for by its size and times, not read again', async () => {
    // Its change time (which no program can set back) must be older than a file system's clock step.
    await rm(stored());
    await new Promise((settle) => setTimeout(settle, CLOCK_STEP_MS + 100));
    await bundle();
    const entry = await readEntry();
    entry.inputs['src/word.ts'] = 'a hash that no file has';
    await writeFile(stored(), JSON.stringify(entry));
    await markStored();
    expect(await bundle()).toBe('/* from the cache */');
  });

  test('an input saved while esbuild ran (its time after the start): the result is not kept', async () => {
    await rm(stored());
    const later = new Date(Date.now() + 60_000);
    await utimes(join(root, 'src', 'word.ts'), later, later);
    expect(await bundle()).toContain('eerste');
    await expect(readFile(stored())).rejects.toThrow();
  });
});

describe("vouched for by a build's context digest (site build: the project's code and lockfile hashed)", () => {
  /** The bundle under a build whose context digest is `digest`, hashed from `since`, holding the folders `folders`. */
  const vouched = (digest: string, { folders = ['src'], since = Date.now() + 1_000 } = {}) =>
    withVouch(root, { digest, folders, since }, bundle);

  test('the same digest: the kept entry is taken without a stat; another digest checks the inputs again', async () => {
    await rm(stored());
    expect(await vouched('one')).toContain('eerste');
    expect((await readEntry()).context).toBe('one');
    // Unseen by a build of the same digest (whose hash holds every file of src/): the entry stands for it.
    await writeSource('word.ts', "export const word = 'tweede';\n");
    await markStored();
    expect(await vouched('one')).toBe('/* from the cache */');
    expect(await vouched('two')).toContain('tweede');
    expect((await readEntry()).context).toBe('two');
    // A hit checked under a new digest keeps that digest.
    await markStored();
    expect(await vouched('three')).toBe('/* from the cache */');
    expect((await readEntry()).context).toBe('three');
  });

  test('an input outside the folders, or changed after the hashing started: nothing vouched for', async () => {
    await rm(stored());
    await vouched('one', { folders: ['elsewhere'] });
    expect((await readEntry()).context).toBeUndefined();
    await vouched('one', { since: 0 });
    expect((await readEntry()).context).toBeUndefined();
    await writeSource('word.ts', "export const word = 'tweede';\n");
    expect(await vouched('one')).toContain('tweede');
  });

  test('no build vouching (site dev, another project): the inputs are checked', async () => {
    await rm(stored());
    await vouched('one');
    await writeSource('word.ts', "export const word = 'tweede';\n");
    expect(await bundle()).toContain('tweede');
  });
});
