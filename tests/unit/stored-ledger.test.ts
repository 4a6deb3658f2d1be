/**
 * `site build` in a process of its own recycles the build folder dist's build linked from, by the
 * record the build before left (cli/build/stored-ledger.ts): files that are dist's stay as they are,
 * the others are replaced or removed, dist is never written into, and a record that does not
 * answer for that folder (another context, another dist, a folder gone, a ledger that missed a
 * file) recycles nothing.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { folderFiles } from '../helpers/folder-files.ts';
import { OutputDir, buildsFolder, currentBuild } from '../../cli/build/output.ts';
import { StoredBuilds } from '../../cli/build/stored-ledger.ts';

let tmp: string;
let sites = 0;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'stored-ledger-'));
  await mkdir(join(tmp, 'cache'));
  await writeFile(join(tmp, 'cache/c1.jpg'), 'card one');
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** A build as a fresh `site build` process makes one: its own StoredBuilds, from the stored state unless `full`. */
async function build(
  out: string,
  make: (output: OutputDir, before: string | undefined) => Promise<void>,
  options: { context?: string; full?: boolean } = {},
) {
  const builds = StoredBuilds.of(join(out, '..', 'cache'), options.context ?? 'context one');
  builds.recycles = !options.full;
  const before = await currentBuild(out);
  const output = await OutputDir.create(out, builds);
  await make(output, before);
  await output.commit();
  return output;
}

const linkFrom = (output: OutputDir, previous: string, paths: string[]) =>
  output.publish(paths.map((path) => ({ source: join(previous, path), path, bytes: 0 })));

/** First build: four pages, a card from the cache; second: an edit (a.html), the rest linked. `full`: the first keeps no ledger. */
async function twoBuilds(out: string, { full = false } = {}) {
  const first = await build(
    out,
    async (output) => {
      for (const [path, text] of [
        ['same.html', 'S'],
        ['kept.html', 'K'],
        ['a.html', 'A1'],
        ['gone/x.html', 'X'],
      ])
        await output.write(path!, text!);
      await output.publish([{ source: join(tmp, 'cache/c1.jpg'), path: 'card.jpg', bytes: 8 }]);
    },
    { full },
  );
  const second = await build(out, async (output, before) => {
    await linkFrom(output, before!, ['same.html', 'kept.html', 'gone/x.html', 'card.jpg']);
    await output.write('a.html', 'A2');
  });
  return { first, second };
}

const newOut = () => join(tmp, `site-${++sites}`, 'dist');

test("the third build recycles the first one's folder: dist's files kept, the others replaced or removed, dist untouched", async () => {
  const out = newOut();
  const { first, second } = await twoBuilds(out);
  const sameInode = (await stat(join(first.dir, 'same.html'))).ino;
  const third = await build(out, async (output, before) => {
    expect(output.ledger?.recycled).toBe(true);
    await linkFrom(output, before!, ['same.html', 'card.jpg']);
    await output.write('kept.html', 'K3'); // a link to dist's kept.html in the recycled folder
    await output.write('a.html', 'A3');
    expect({ files: output.files, bytes: output.bytes }).toEqual({ files: 4, bytes: 2 + 2 });
  });
  expect(await currentBuild(out)).toBe(third.dir);
  expect((await readdir(buildsFolder(out))).sort()).toEqual(
    [second.dir, third.dir].map((dir) => dir.split('/').pop()).sort(),
  );
  expect(await folderFiles(third.dir)).toEqual(['a.html', 'card.jpg', 'kept.html', 'same.html']);
  expect((await stat(join(third.dir, 'same.html'))).ino).toBe(sameInode);
  expect(await readFile(join(third.dir, 'kept.html'), 'utf8')).toBe('K3');
  expect(await readFile(join(third.dir, 'a.html'), 'utf8')).toBe('A3');
  expect(await folderFiles(second.dir)).toEqual(['a.html', 'card.jpg', 'gone/x.html', 'kept.html', 'same.html']);
  expect(await readFile(join(second.dir, 'kept.html'), 'utf8')).toBe('K');
  expect(await readFile(join(second.dir, 'a.html'), 'utf8')).toBe('A2');

  // The fourth recycles the second's by the third's record, which knows the second's paths: gone/x.html goes.
  const fourth = await build(out, async (output, before) => {
    expect(output.ledger?.recycled).toBe(true);
    await linkFrom(output, before!, ['same.html', 'card.jpg', 'kept.html', 'a.html']);
  });
  expect(await folderFiles(fourth.dir)).toEqual(['a.html', 'card.jpg', 'kept.html', 'same.html']);
  expect(await readFile(join(fourth.dir, 'a.html'), 'utf8')).toBe('A3');
  expect(await readFile(join(fourth.dir, 'kept.html'), 'utf8')).toBe('K3');
  expect((await stat(join(fourth.dir, 'same.html'))).ino).toBe(sameInode);
});

test('the recycled folder listed when the record does not hold its paths: a file of none of the builds goes too', async () => {
  const out = newOut();
  // The first build keeps no ledger: the second's record knows the first's folder by its differences only.
  const { first } = await twoBuilds(out, { full: true });
  await writeFile(join(first.dir, 'stray.html'), 'stray');
  const third = await build(out, async (output, before) => {
    expect(output.ledger?.recycled).toBe(true);
    await linkFrom(output, before!, ['same.html', 'kept.html', 'a.html', 'card.jpg']);
  });
  expect(await folderFiles(third.dir)).toEqual(['a.html', 'card.jpg', 'kept.html', 'same.html']);
  expect(await readFile(join(third.dir, 'a.html'), 'utf8')).toBe('A2');
});

test('a record cut short recycles nothing', async () => {
  const out = newOut();
  await twoBuilds(out);
  const record = join(out, '..', 'cache', 'build-ledger');
  const text = await readFile(record, 'utf8');
  await writeFile(record, text.slice(0, text.lastIndexOf('\n')));
  const third = await build(out, async (output, before) => {
    expect(output.ledger?.recycled).toBe(false);
    await linkFrom(output, before!, ['same.html', 'kept.html', 'a.html', 'card.jpg']);
  });
  expect(await folderFiles(third.dir)).toEqual(['a.html', 'card.jpg', 'kept.html', 'same.html']);
});

test.each([
  ['another context', { context: 'context two' }],
  ['a build that renders most pages again', { full: true }],
])('nothing is recycled for %s', async (_, options) => {
  const out = newOut();
  const { first } = await twoBuilds(out);
  const third = await build(
    out,
    async (output, before) => {
      expect(output.ledger?.recycled ?? false).toBe(false);
      await linkFrom(output, before!, ['same.html', 'kept.html', 'a.html', 'card.jpg', 'gone/x.html']);
    },
    options,
  );
  expect(third.dir).not.toBe(first.dir);
  expect(await folderFiles(third.dir)).toEqual(['a.html', 'card.jpg', 'gone/x.html', 'kept.html', 'same.html']);
});

test("nothing recycled when dist is not the record's build or the folder is gone; no record when the ledger missed a file", async () => {
  const out = newOut();
  await twoBuilds(out);
  const record = join(out, '..', 'cache', 'build-ledger');
  // A build that keeps no ledger made dist: the record is not of dist's build.
  const other = await build(out, (output, before) => linkFrom(output, before!, ['same.html', 'a.html']), {
    full: true,
  });
  await expect(stat(record)).resolves.toBeDefined();
  const next = await build(out, async (output, before) => {
    expect(output.ledger?.recycled).toBe(false);
    await linkFrom(output, before!, ['same.html', 'a.html']);
  });
  // The folder the record names is gone.
  await rm(other.dir, { recursive: true });
  const last = await build(out, async (output, before) => {
    expect(output.ledger?.recycled).toBe(false);
    await linkFrom(output, before!, ['same.html', 'a.html']);
  });
  expect(await folderFiles(next.dir)).toEqual(['a.html', 'same.html']);
  expect(await folderFiles(last.dir)).toEqual(['a.html', 'same.html']);

  // A worker's files (a whole search index) are not in the ledger: no record.
  await build(out, async (output, before) => {
    await linkFrom(output, before!, ['same.html', 'a.html']);
    output.ledger!.complete = false;
  });
  await expect(stat(record)).rejects.toThrow();
});
