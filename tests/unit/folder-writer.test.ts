import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FolderWriter } from '../../cli/build/folder-writer.ts';
import { pageFiles } from '../../cli/build/render.ts';
import { linkUnchanged } from '../../cli/build/reuse.ts';
import type { PageRoute } from '../../cli/build/types.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'folder-writer-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

const fresh = (name: string) => new FolderWriter(join(tmp, name));

test('counts what it writes, whatever the way: text, bytes, synchronous pages with their other paths linked', async () => {
  const writer = fresh('ways');
  await writer.write('public/robots.txt', 'User-agent: *\n');
  await writer.under('public').write('islands/a.js', new Uint8Array([1, 2, 3]));
  const page = Buffer.from('<!doctype html><p>hé</p>');
  const { written } = writer.measure(() => writer.writeSync(['public/nl/a.html', 'public/a.html'], page));
  expect(written).toEqual({ files: 2, bytes: 2 * page.byteLength });
  expect(await readFile(join(writer.dir, 'public/a.html'))).toEqual(page);
  expect((await stat(join(writer.dir, 'public/a.html'))).ino).toBe(
    (await stat(join(writer.dir, 'public/nl/a.html'))).ino,
  );
  expect({ files: writer.files, bytes: writer.bytes }).toEqual({ files: 4, bytes: 14 + 3 + 2 * page.byteLength });
  writer.add({ files: 10, bytes: 100 }); // what a render worker's writer wrote in its thread
  expect({ files: writer.files, bytes: writer.bytes }).toEqual({ files: 14, bytes: 117 + 2 * page.byteLength });
});

test('writes text as its UTF-8 bytes, counted in bytes, both ways: a page with its other paths, and a file of the tail', async () => {
  const writer = fresh('text');
  // Two-byte, four-byte and a lone surrogate (written as U+FFFD, as Buffer.from makes it).
  const html = '<!doctype html><p>hé € \u{1F3BE} \ud800</p>';
  const bytes = Buffer.from(html);
  expect(bytes.byteLength).toBeGreaterThan(html.length);
  const { written } = writer.measure(() => writer.writeSync(['public/nl/b.html', 'public/b.html'], html));
  expect(written).toEqual({ files: 2, bytes: 2 * bytes.byteLength });
  await writer.write('public/sitemap.xml', html);
  for (const path of ['public/nl/b.html', 'public/b.html', 'public/sitemap.xml'])
    expect(await readFile(join(writer.dir, path))).toEqual(bytes);
  expect(writer.bytes).toBe(3 * bytes.byteLength);
});

test('writes bytes in chunks as one file, counted once: more chunks than one writev takes (IOV_MAX, 1,024)', async () => {
  const writer = fresh('chunks');
  const chunks = Array.from({ length: 3_000 }, (_, n) => Buffer.from(`<item>${n} é</item>`));
  await writer.write('public/feed.xml', chunks);
  expect(await readFile(join(writer.dir, 'public/feed.xml'))).toEqual(Buffer.concat(chunks));
  expect({ files: writer.files, bytes: writer.bytes }).toEqual({ files: 1, bytes: Buffer.concat(chunks).byteLength });
  // A file written again is replaced, not written into.
  await writer.write('public/feed.xml', chunks.slice(0, 2));
  expect(await readFile(join(writer.dir, 'public/feed.xml'))).toEqual(Buffer.concat(chunks.slice(0, 2)));
});

test('publishes files made elsewhere all or none: a missing source takes out what was linked, and nothing is counted', async () => {
  const cache = join(tmp, 'cache');
  await writeFile(`${cache}-a`, 'aaaa');
  const writer = fresh('all-or-none');
  const files = [
    { source: `${cache}-a`, path: 'images/a.webp', bytes: 4 },
    { source: `${cache}-gone`, path: 'images/b.webp', bytes: 9 },
  ];
  await expect(writer.publish(files)).rejects.toMatchObject({ code: 'ENOENT' });
  await expect(stat(join(writer.dir, 'images/a.webp'))).rejects.toMatchObject({ code: 'ENOENT' });
  expect(writer.files).toBe(0);

  await writer.publish([files[0]!]);
  await writer.publish([files[0]!]); // the same name is the same file: there already, counted once
  expect({ files: writer.files, bytes: writer.bytes }).toEqual({ files: 1, bytes: 4 });
  expect((await stat(join(writer.dir, 'images/a.webp'))).ino).toBe((await stat(`${cache}-a`)).ino);
});

test('unchanged pages are linked from the build before at once; a page whose old file is gone is handed back', async () => {
  const before = fresh('before');
  const page = (key: string, ...paths: string[]) => ({ key, paths }) as unknown as PageRoute;
  const [kept, gone] = [page('a', '/nl/a', '/a'), page('b', '/nl/b')];
  for (const path of pageFiles(kept)) await before.write(path, '<p>a</p>');
  const writer = fresh('after');
  const result = linkUnchanged([kept, gone], before.dir, writer);
  expect(result).toEqual({ linked: 2, failed: [gone] }); // not a promise: no turn of the event loop a page
  for (const path of pageFiles(kept))
    expect((await stat(join(writer.dir, path))).ino).toBe((await stat(join(before.dir, path))).ino);
  await expect(stat(join(writer.dir, pageFiles(gone)[0]!))).rejects.toMatchObject({ code: 'ENOENT' });
});
