import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { FolderWriter } from '../../cli/build/folder-writer.ts';

// A file of its own, outside tests/unit: the logic project shares one module graph per worker, so
// a mock of node:fs there reached only a FolderWriter no other file had loaded first (it passed
// alone and failed in a CI run, 2026-11-27 02:28), and could have reached other files' fs.
/**
 * link(2) failing with ENOENT though its source is there: what another build's atomic write (a
 * fresh copy renamed over the cache name between link(2)'s lookup and its link) does, about once
 * in 150 links while it renames (tests/images/card-photo.test.ts races it for real). Made to
 * happen here on the links asked for.
 */
const lostName = vi.hoisted(() => ({ links: 0 }));
vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  const linkSync: typeof fs.linkSync = (source, target) => {
    if (lostName.links > 0) {
      lostName.links--;
      throw Object.assign(new Error(`ENOENT: no such file or directory, link '${source}'`), { code: 'ENOENT' });
    }
    fs.linkSync(source, target);
  };
  return { ...fs, default: { ...fs, linkSync }, linkSync };
});

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'folder-writer-retry-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

const fresh = (name: string) => new FolderWriter(join(tmp, name));

test('links a cache file whose name lost its file at the link (renamed over meanwhile): tried again, counted once', async () => {
  const source = join(tmp, 'renamed-over.jpg');
  await writeFile(source, 'card');
  const writer = fresh('renamed-over');
  lostName.links = 2;
  await writer.publish([{ source, path: 'cards/a.jpg', bytes: 4 }]);
  expect(lostName.links).toBe(0);
  expect({ files: writer.files, bytes: writer.bytes }).toEqual({ files: 1, bytes: 4 });
  expect((await stat(join(writer.dir, 'cards/a.jpg'))).ino).toBe((await stat(source)).ino);

  // A name that stays without a file is gone: the error, after the tries, and nothing left linked.
  lostName.links = 10;
  await expect(
    writer.publish([
      { source, path: 'cards/b.jpg', bytes: 4 },
      { source, path: 'cards/c.jpg', bytes: 4 },
    ]),
  ).rejects.toMatchObject({ code: 'ENOENT' });
  lostName.links = 0;
  await expect(stat(join(writer.dir, 'cards/b.jpg'))).rejects.toMatchObject({ code: 'ENOENT' });
  expect(writer.files).toBe(1);
});
