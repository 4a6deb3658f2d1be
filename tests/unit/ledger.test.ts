/**
 * A process that builds again (site build --watch) recycles the build folder before the current
 * one (cli/build/ledger.ts): the third build is that folder renamed, its files that hold what the
 * new build links left as they are, every other file replaced or removed, and dist's never written into.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { folderFiles } from '../helpers/folder-files.ts';
import { RecentBuilds } from '../../cli/build/ledger.ts';
import { OutputDir, buildsFolder, currentBuild } from '../../cli/build/output.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'ledger-'));
  await mkdir(join(tmp, 'cache'));
  await writeFile(join(tmp, 'cache/c1.jpg'), 'card one');
  await writeFile(join(tmp, 'cache/c2.jpg'), 'card two');
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

test('the build before the current one is recycled: held files stay, others replaced, leftovers removed, dist untouched', async () => {
  const out = join(tmp, 'dist');
  const recent = new RecentBuilds();
  const linkFrom = (output: OutputDir, previous: string, paths: string[]) =>
    output.publish(paths.map((path) => ({ source: join(previous, path), path, bytes: 0 })));

  const first = await OutputDir.create(out, recent);
  await first.write('same.html', 'S');
  await first.write('kept.html', 'K');
  await first.write('a.html', 'A1');
  await first.write('gone/x.html', 'X');
  await first.publish([{ source: join(tmp, 'cache/c1.jpg'), path: 'card.jpg', bytes: 8 }]);
  await first.commit();

  const second = await OutputDir.create(out, recent);
  await linkFrom(second, first.dir, ['same.html', 'kept.html', 'gone/x.html']);
  await second.write('a.html', 'A2');
  await second.publish([{ source: join(tmp, 'cache/c1.jpg'), path: 'card.jpg', bytes: 8 }]);
  await second.commit();
  const firstInode = (await stat(join(first.dir, 'same.html'))).ino;

  const third = await OutputDir.create(out, recent);
  expect(third.ledger?.recycled).toBe(true);
  await linkFrom(third, second.dir, ['same.html']);
  await third.write('kept.html', 'K3'); // a link to dist's kept.html in the recycled folder
  await third.write('a.html', 'A3');
  await third.publish([{ source: join(tmp, 'cache/c2.jpg'), path: 'card.jpg', bytes: 8 }]);
  expect({ files: third.files, bytes: third.bytes }).toEqual({ files: 4, bytes: 2 + 2 + 8 });
  await third.commit();

  expect(await currentBuild(out)).toBe(third.dir);
  // The first build's folder is the third's now: two folders, the second (dist before) untouched.
  expect((await readdir(buildsFolder(out))).sort()).toEqual(
    [second.dir, third.dir].map((dir) => dir.split('/').pop()).sort(),
  );
  expect(await folderFiles(third.dir)).toEqual(['a.html', 'card.jpg', 'kept.html', 'same.html']);
  expect((await stat(join(third.dir, 'same.html'))).ino).toBe(firstInode);
  expect(await readFile(join(third.dir, 'card.jpg'), 'utf8')).toBe('card two');
  expect(await readFile(join(third.dir, 'kept.html'), 'utf8')).toBe('K3');
  expect(await readFile(join(second.dir, 'kept.html'), 'utf8')).toBe('K');
  expect(await readFile(join(second.dir, 'a.html'), 'utf8')).toBe('A2');
  expect(await readFile(join(second.dir, 'card.jpg'), 'utf8')).toBe('card one');
  expect(await folderFiles(second.dir)).toEqual(['a.html', 'card.jpg', 'gone/x.html', 'kept.html', 'same.html']);
});
