import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { importHashed } from '../../cli/build/hashed-module.ts';

let dir: string;
const hourAgo = () => new Date(Date.now() - 3_600_000);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hashed-module-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, old: boolean): Promise<void> {
  await writeFile(join(dir, name), 'export const value = 0;\n');
  if (old) await utimes(join(dir, name), hourAgo(), hourAgo());
}

test('imports the code under its hash and removes the same name’s old hashes only', async () => {
  await file('templates.aaaaaaaaaaaa.mjs', true); // an earlier template edit's module
  await file('templates.bbbbbbbbbbbb.mjs', false); // just written by another process: kept
  await file('card-template.cccccccccccc.mjs', true); // another name: not this import's
  await file('templates.notes.txt', true); // not a module

  const { module, file: written } = await importHashed<{ value: number }>(
    dir,
    'templates',
    'export const value = 42;\n',
  );

  expect(module.value).toBe(42);
  expect((await readdir(dir)).sort()).toEqual(
    [
      'card-template.cccccccccccc.mjs',
      'templates.bbbbbbbbbbbb.mjs',
      'templates.notes.txt',
      written.slice(dir.length + 1),
    ].sort(),
  );
});

test('the module imported is kept even when its file is old (its hash did not change)', async () => {
  const first = await importHashed<{ value: number }>(dir, 'functions', 'export const value = 1;\n');
  await utimes(first.file, hourAgo(), hourAgo());
  const again = await importHashed<{ value: number }>(dir, 'functions', 'export const value = 1;\n');
  expect(again.file).toBe(first.file);
  expect(await readdir(dir)).toEqual([first.file.slice(dir.length + 1)]);
});
