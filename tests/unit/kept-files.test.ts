import { mkdir, mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OutputFile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildFunctions } from '../../cli/build/functions.ts';
import { FolderWriter } from '../../cli/build/folder-writer.ts';
import { KeptFiles } from '../../cli/build/kept-files.ts';
import { fixtureRedirects, fixtureSite } from '../serve/helpers/fixture-dist.ts';

/** Files an edit build makes with the same bytes, linked from the build before by a digest at hand (cli/build/kept-files.ts). */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kept-files-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const inode = async (file: string) => (await stat(file)).ino;

/** A build folder of its own, and the files the kept record of the build before lets it link. */
async function build(name: string, cache: string, before: string | undefined, files: Record<string, [string, string]>) {
  const folder = join(dir, name);
  await mkdir(folder, { recursive: true });
  const kept = await KeptFiles.read(cache, before);
  const output = new FolderWriter(folder);
  const made = vi.fn((text: string) => text);
  for (const [path, [digest, text]] of Object.entries(files)) await kept.write(output, path, digest, () => made(text));
  await kept.save(cache, folder);
  return { folder, made };
}

describe('KeptFiles', () => {
  it('links a file of the same digest from the build before, and writes one whose digest changed', async () => {
    const cache = join(dir, 'cache-a');
    const one = await build('a1', cache, undefined, { 'x/same.json': ['d1', 'same'], 'other.txt': ['o1', 'old'] });
    const two = await build('a2', cache, one.folder, { 'x/same.json': ['d1', 'same'], 'other.txt': ['o2', 'new'] });
    expect(await inode(join(two.folder, 'x/same.json'))).toBe(await inode(join(one.folder, 'x/same.json')));
    expect(await inode(join(two.folder, 'other.txt'))).not.toBe(await inode(join(one.folder, 'other.txt')));
    expect(await readFile(join(two.folder, 'other.txt'), 'utf8')).toBe('new');
    expect(await readFile(join(one.folder, 'other.txt'), 'utf8')).toBe('old');
    // The linked file's contents were never made.
    expect(two.made).toHaveBeenCalledTimes(1);
    // The record is this build's: a third build links from the second, the rewritten file too.
    const three = await build('a3', cache, two.folder, { 'x/same.json': ['d1', 'same'], 'other.txt': ['o2', 'new'] });
    expect(three.made).not.toHaveBeenCalled();
    expect(await inode(join(three.folder, 'other.txt'))).toBe(await inode(join(two.folder, 'other.txt')));
  });

  it('writes the file when the build before is gone, its file cut short, or the record is of another build', async () => {
    const cache = join(dir, 'cache-b');
    const files = { 'f.txt': ['d', 'contents'] as [string, string] };
    const one = await build('b1', cache, undefined, files);
    await truncate(join(one.folder, 'f.txt'), 3);
    const two = await build('b2', cache, one.folder, files);
    expect(await readFile(join(two.folder, 'f.txt'), 'utf8')).toBe('contents');
    expect(await inode(join(two.folder, 'f.txt'))).not.toBe(await inode(join(one.folder, 'f.txt')));
    // Not written into the link: the damaged file of the build before is as it was.
    expect(await readFile(join(one.folder, 'f.txt'), 'utf8')).toBe('con');

    const elsewhere = await build('b3', cache, one.folder, files);
    expect(elsewhere.made).toHaveBeenCalledTimes(1);

    await rm(elsewhere.folder, { recursive: true });
    const gone = await build('b4', cache, elsewhere.folder, files);
    expect(await readFile(join(gone.folder, 'f.txt'), 'utf8')).toBe('contents');
  });

  it('reads a damaged record as none', async () => {
    const cache = join(dir, 'cache-c');
    await mkdir(cache, { recursive: true });
    await writeFile(join(cache, 'kept-files.json'), '{"dir": "/x", "files"');
    const next = await build('c1', cache, '/x', { 'f.txt': ['d', 'text'] });
    expect(next.made).toHaveBeenCalledTimes(1);
  });
});

describe('buildFunctions with the build before', () => {
  const bundle = (code: string, hash: string): OutputFile[] => [
    { path: '/x/index.js', contents: Buffer.from(code), hash, text: code },
    { path: '/x/index.js.map', contents: Buffer.from(`{"map": "${code}"}`), hash: `map-${hash}`, text: '' },
  ];
  const run = async (name: string, before: string | undefined, outputs: OutputFile[]) => {
    const folder = join(dir, name);
    await mkdir(folder, { recursive: true });
    const cache = join(dir, 'functions-root', '.site', 'cache');
    const kept = await KeptFiles.read(cache, before);
    await buildFunctions({
      root: join(dir, 'functions-root'),
      output: new FolderWriter(folder),
      redirects: fixtureRedirects,
      site: fixtureSite,
      scriptHashes: [],
      bundle: Promise.resolve(outputs),
      kept,
    });
    await kept.save(cache, folder);
    return folder;
  };

  it('links the unchanged bundle, its map, the redirects, the package files and firebase.json; a changed bundle is written', async () => {
    const first = await run('f1', undefined, bundle('one()', 'h1'));
    const edit = await run('f2', first, bundle('one()', 'h1'));
    for (const file of [
      'functions/index.js',
      'functions/index.js.map',
      'functions/redirects.json',
      'functions/package.json',
      'functions/package-lock.json',
      'firebase.json',
    ])
      expect(await inode(join(edit, file)), file).toBe(await inode(join(first, file)));
    // Not of the same digest: written, never through the link.
    expect(await inode(join(edit, 'functions/site.json'))).not.toBe(await inode(join(first, 'functions/site.json')));

    const changed = await run('f3', edit, bundle('two()', 'h2'));
    expect(await inode(join(changed, 'functions/index.js'))).not.toBe(await inode(join(edit, 'functions/index.js')));
    expect(await readFile(join(changed, 'functions/index.js'), 'utf8')).toBe('two()');
    expect(await readFile(join(edit, 'functions/index.js'), 'utf8')).toBe('one()');
    expect(await inode(join(changed, 'firebase.json'))).toBe(await inode(join(edit, 'firebase.json')));
  });
});
