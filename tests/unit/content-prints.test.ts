/**
 * The content files' stat prints (cli/content/content-prints.ts): a build with nothing changed
 * takes each text's hash by its print instead of reading it, so a file whose print was taken
 * while it could still change, or that changed while keeping its size and modification time, must
 * never be answered for. Real files in a temporary folder; the clock moved on by faking Date only.
 */
import { mkdir, mkdtemp, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { contentHash } from '../../cli/content/content-hash.ts';
import { ContentPrints, contentPrintsFile } from '../../cli/content/content-prints.ts';
import { listContent, readTexts } from '../../cli/content/read.ts';
import { BuildOpening } from '../../cli/build/incremental/build-opening.ts';
import { StageTimer } from '../../cli/build/timings.ts';

let root: string;
const A = 'content/nl/news/a.md';
const B = 'content/nl/news/b.md';
const paths = [A, B];
const WRITTEN = 1_700_000_000;

/** Time passes (Date only: the files' times are the file system's). */
const later = (ms = 5_000) => vi.setSystemTime(Date.now() + ms);

/** What a build does: the files read, their prints taken, and kept for the next build. */
function build(): void {
  const readFrom = Date.now();
  const prints = ContentPrints.read(root);
  prints.take(readTexts(root, paths), readFrom);
  prints.keep(paths);
}

const known = () => ContentPrints.read(root).known(paths);
const hashOf = (text: string) => contentHash({ path: '', text });

/** Rewrites a file with a text of the same length, its modification time set back as it was (WRITTEN). */
async function sameSizeEdit(path: string, text: string): Promise<void> {
  await writeFile(join(root, path), text);
  await utimes(join(root, path), WRITTEN, WRITTEN);
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  root = await mkdtemp(join(tmpdir(), 'content-prints-'));
  await mkdir(join(root, 'content/nl/news'), { recursive: true });
  await mkdir(join(root, '.site/cache'), { recursive: true });
  await writeFile(join(root, A), 'title: a\n');
  await writeFile(join(root, B), 'title: b\n');
  // Whole seconds, which a modification time set back (sameSizeEdit) gives again exactly.
  for (const path of paths) await utimes(join(root, path), WRITTEN, WRITTEN);
});

afterEach(async () => {
  vi.useRealTimers();
  await rm(root, { recursive: true, force: true });
});

describe('content prints', () => {
  test('a settled print answers for its file: nothing read, the hash the one its text has', async () => {
    later();
    build();
    expect(known()).toEqual({ hashes: [hashOf('title: a\n'), hashOf('title: b\n')], read: [] });
  });

  test('a first build in a project without .site keeps its prints: the no-op after it reads nothing', async () => {
    await rm(join(root, '.site'), { recursive: true });
    later();
    build();
    expect(known()).toEqual({ hashes: [hashOf('title: a\n'), hashOf('title: b\n')], read: [] });
  });

  test("a print taken within the clock step of the file's last change is not trusted: the file is read", async () => {
    build(); // right after the files were written
    later();
    const prints = ContentPrints.read(root);
    const { hashes, read } = prints.known(paths);
    expect(read.map((file) => file.path).sort()).toEqual(paths);
    expect(hashes).toEqual([hashOf('title: a\n'), hashOf('title: b\n')]);
    // Read again once settled, their prints are taken: the build after reads nothing.
    prints.keep(paths);
    expect(known().read).toEqual([]);
  });

  test('an edit of the same size with the modification time set back is read and found changed', async () => {
    later();
    build();
    await sameSizeEdit(A, 'title: A\n');
    later();
    const { hashes, read } = known();
    expect(hashes).toBeUndefined();
    expect(read).toEqual([{ path: A, text: 'title: A\n' }]);
  });

  test('a file replaced by another of the same size and time (a rename over it) is read and found changed', async () => {
    later();
    build();
    await writeFile(join(root, 'other.md'), 'title: B\n');
    await utimes(join(root, 'other.md'), WRITTEN, WRITTEN);
    await rename(join(root, 'other.md'), join(root, B));
    later();
    expect(known().hashes).toBeUndefined();
  });

  test('a file written between its read and its print keeps the text read apart from the one on disk', async () => {
    // The read begins just over a clock step after the files were written (they are settled then)...
    const written = Math.max(...(await Promise.all(paths.map((path) => stat(join(root, path))))).map((s) => s.ctimeMs));
    vi.setSystemTime(written + 2_001);
    const readFrom = Date.now();
    const prints = ContentPrints.read(root);
    const files = readTexts(root, paths);
    // ...and one of them is written after the read, before the stat that takes its print.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await sameSizeEdit(A, 'title: A\n');
    prints.take(files, readFrom);
    prints.keep(paths);
    later();
    // The print on disk now is the one recorded: only the clock step tells it was not settled.
    expect(known().hashes).toBeUndefined();
  });

  test('a touched file with the same text is read once, then answered for by its new print', async () => {
    later();
    build();
    const now = new Date(Date.now());
    await utimes(join(root, A), now, now);
    later();
    const prints = ContentPrints.read(root);
    expect(prints.known(paths)).toMatchObject({
      read: [{ path: A }],
      hashes: [hashOf('title: a\n'), hashOf('title: b\n')],
    });
    prints.keep(paths);
    expect(known().read).toEqual([]);
  });

  test('a new file is read, and a removed one leaves the prints', async () => {
    later();
    build();
    expect(ContentPrints.read(root).known([...paths, 'content/nl/news/c.md'])).toMatchObject({ hashes: undefined });
    ContentPrints.read(root).keep([A]);
    expect(Object.keys(JSON.parse(await readFile(contentPrintsFile(root), 'utf8')))).toEqual([A]);
  });
});

describe("site build's load stage (BuildOpening)", () => {
  const open = () => BuildOpening.open(root, new StageTimer());

  test('the same hashes whether the prints answered or the texts were read, and the texts read when the build goes on', async () => {
    later();
    const first = await open();
    const read = first.hashes();
    first.keepPrints();
    later();
    const second = await open();
    expect(second.hashes()).toEqual(read);
    const timer = new StageTimer();
    expect(second.sources(timer).contentFiles().files).toEqual(readTexts(root, listContent(root).texts));
    expect(timer.timings.map((t) => t.stage)).toEqual(['read']);
    expect(second.readOther()).toBe(false);
  });

  test('a text written after its print answered for it makes the inputs hashed again', async () => {
    later();
    (await open()).keepPrints();
    later();
    const opening = await open();
    await sameSizeEdit(A, 'title: A\n');
    opening.sources(new StageTimer());
    expect(opening.readOther()).toBe(true);
    expect(opening.hashes()[0]).toBe(hashOf('title: A\n'));
  });
});

describe('prints kept by a process that builds again (site build --watch)', () => {
  test('a remembered text is taken while its settled print answers for it; an edited file is read again', async () => {
    later();
    const prints = ContentPrints.read(root, { remember: true });
    const files = readTexts(root, paths);
    prints.take(files, Date.now());
    prints.remember(files);
    expect(prints.text(A)).toBe(files[0]); // the same object: not read again
    await sameSizeEdit(A, 'title: A\n');
    expect(prints.text(A)).toEqual({ path: A, text: 'title: A\n' });
    expect(prints.text(B)).toBe(files[1]);
    // Without remembering (a single build), every text is read.
    expect(ContentPrints.read(root).text(B)).not.toBe(files[1]);
  });

  test('an opening over kept prints reads only the edited file, and hashes as one that read them all', async () => {
    later();
    const prints = ContentPrints.read(root, { remember: true });
    const first = await BuildOpening.open(root, new StageTimer(), prints);
    const before = first.sources(new StageTimer()).contentFiles().files;
    first.keepPrints();
    later();
    await writeFile(join(root, A), 'title: edited a\n');
    later();
    const second = await BuildOpening.open(root, new StageTimer(), prints);
    const after = second.sources(new StageTimer()).contentFiles().files;
    expect(after).toEqual(readTexts(root, paths));
    expect(after[1]).toBe(before[1]);
    expect(second.hashes()).toEqual([hashOf('title: edited a\n'), hashOf('title: b\n')]);
  });
});
