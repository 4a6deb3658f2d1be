import { join } from 'node:path';
import { expect, test } from 'vitest';
import { joinUnder } from '../../cli/build/folder-writer.ts';

test('joinUnder gives what path.join gives, for the paths a build makes and for any other', () => {
  const dirs = [
    '/b/dist-builds/2026-x',
    '/',
    '/b/',
    '/b//c',
    '/b/./c',
    '/b/../c',
    '/b/.',
    '/b/..',
    '/.b',
    '/b/...',
    'rel/b',
    '',
  ];
  const paths = [
    'public/nl/news/x/index.html',
    '/cards/a.b.jpg',
    'a',
    '.a/b',
    '..a/...b',
    '',
    '/',
    '.',
    '..',
    './a',
    '../a',
    'a/.',
    'a/..',
    'a/',
    'a//b',
    'a/./b',
    'a/../b',
    '//a',
  ];
  for (const dir of dirs)
    for (const path of paths) expect(joinUnder(dir, path), `${dir} + ${path}`).toBe(join(dir, path));
});
