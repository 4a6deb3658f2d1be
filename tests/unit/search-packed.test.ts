/**
 * A whole search index made elsewhere (cli/build/search-packed.ts, issue 21): its pages' records
 * packed, moved to another thread as one buffer a language, and its files written there are the
 * files the main thread writes, byte for byte; a file that cannot be written there fails the
 * build as one here does; an index mended from the last one is not sent.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSearchIndex, type WriteElsewhere } from '../../cli/build/search-index.ts';
import { type PackedRecords, writePackedFiles } from '../../cli/build/search-packed.ts';
import { FolderWriter } from '../../cli/build/folder-writer.ts';
import { packRecords, recordBytes, renderedRecord, unpackRecords } from '../../cli/build/search-rendered.ts';
import { isSiteError } from '../../cli/errors/site-error.ts';
import { searchRoutes } from '../helpers/search-routes.ts';

const html = (title: string, text: string) =>
  `<!doctype html><html><head><title>x</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;

/** 70 pages in two languages, with quotes, a backslash, a tab and text beyond Latin-1 (escaped in the records' JSON). */
const files = Object.fromEntries(
  Array.from({ length: 70 }, (_, at) => [
    at % 3 ? `nieuws/p${at}.html` : `en/p${at}.html`,
    html(`Bericht "${at}" \\ café`, `Tekst\tover padel ${at} en tennis ${at % 7} — één baan, ${'ß'.repeat(at % 4)}.`),
  ]),
);
const routes = searchRoutes(Object.keys(files).map((file) => `/${file.replace('.html', '')}`));

describe('a whole search index made elsewhere', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'site-search-packed-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  async function folder(name: string): Promise<string> {
    const dir = join(root, name);
    for (const [file, text] of Object.entries(files)) {
      await mkdir(join(dir, file, '..'), { recursive: true });
      await writeFile(join(dir, file), text);
    }
    return dir;
  }
  /** The records as the render sends them: one batch (a buffer of its own) of every page's but one, which is read back. */
  const rendered = () => {
    const records = new Map<string, Uint8Array>();
    unpackRecords(
      packRecords(
        Object.entries(files)
          .filter(([file]) => file !== 'nieuws/p1.html')
          .map(([file, text]) => [`/${file.replace('.html', '')}`, renderedRecord(text)] as const),
      ),
      records,
    );
    return records;
  };
  const index = async (dir: string) => {
    const entries = await readdir(join(dir, 'search'), { recursive: true, withFileTypes: true });
    const paths = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
    return Object.fromEntries(
      await Promise.all(paths.map(async (path) => [path.slice(dir.length), await readFile(path, 'utf8')])),
    );
  };
  /** Another thread's side: the records as a message moves them (their buffers transferred), written there. */
  const moved: WriteElsewhere = async (dir, records) => {
    const received = structuredClone(records, { transfer: records.buffers });
    expect(records.buffers.every((buffer) => buffer.byteLength === 0)).toBe(true); // moved, not copied
    return writePackedFiles(dir, received);
  };

  test('its files are those made in this thread, byte for byte, and counted', async () => {
    const here = await folder('here');
    const there = await folder('there');
    const hereOutput = new FolderWriter(here);
    const thereOutput = new FolderWriter(there);
    const sent: Array<{ buffers: number[]; languages: Array<[string, number]> }> = [];
    const records = rendered();
    const batch = [...records.values()][0]!.buffer;
    const batchSize = batch.byteLength;
    const made = await buildSearchIndex({
      output: hereOutput,
      pages: routes,
      rendered: rendered(),
      cacheDir: join(root, 'cache here'),
    });
    const elsewhere = await buildSearchIndex({
      output: thereOutput,
      pages: routes,
      rendered: records,
      cacheDir: join(root, 'cache there'),
      elsewhere: (dir, packed: PackedRecords) => {
        expect(packed.buffers[0]).toBe(batch); // the render's batch itself
        sent.push({
          buffers: packed.buffers.map((buffer) => buffer.byteLength),
          languages: packed.languages.map((one) => [one.language, one.urls.length]),
        });
        return moved(dir, packed);
      },
    });
    // The batch moved; the page read back (its record in Node's pool of small buffers) copied into a buffer of its own.
    expect(sent).toEqual([
      {
        buffers: [batchSize, recordBytes(renderedRecord(files['nieuws/p1.html']!)).byteLength],
        languages: [
          ['en', 24],
          ['nl', 46],
        ],
      },
    ]);
    expect(made).toMatchObject({ tokenised: 70, readBack: 1 });
    expect(elsewhere).toEqual(made);
    expect(made.files).toBeGreaterThan(20);
    expect(await index(there)).toEqual(await index(here));
    expect([thereOutput.files, thereOutput.bytes]).toEqual([hereOutput.files, hereOutput.bytes]);
  });

  test('a file it cannot write fails the build as one written here does', async () => {
    const failure = async (name: string, elsewhere?: WriteElsewhere) => {
      const dir = await folder(name);
      // A file where the Dutch folder goes: no file of that language can be written.
      await mkdir(join(dir, 'search'));
      await writeFile(join(dir, 'search', 'nl'), '');
      const build = buildSearchIndex({
        output: new FolderWriter(dir),
        pages: routes,
        rendered: rendered(),
        cacheDir: join(root, `cache ${name}`),
        ...(elsewhere ? { elsewhere } : {}),
      });
      const error = await build.catch((thrown: unknown) => thrown);
      expect(isSiteError(error), String(error)).toBe(true);
      return (error as Error).message.replace(dir, 'DIR');
    };
    const here = await failure('failing here');
    expect(here).toMatch(/DIR\/search\/nl\/index\.json/);
    expect(await failure('failing there', moved)).toBe(here);
  });

  test('an index mended from the last one (a page changed) is not sent', async () => {
    const cache = join(root, 'cache mended');
    const first = await folder('first');
    await buildSearchIndex({
      output: new FolderWriter(first),
      pages: routes,
      rendered: rendered(),
      cacheDir: cache,
      elsewhere: moved,
    });
    const second = await folder('second');
    await writeFile(join(second, 'nieuws/p1.html'), html('Anders', 'andere tekst'));
    let sent = 0;
    const mended = await buildSearchIndex({
      output: new FolderWriter(second),
      pages: routes,
      rendered: new Map([['/nieuws/p1', recordBytes(renderedRecord(html('Anders', 'andere tekst')))]]),
      linkedFrom: first,
      cacheDir: cache,
      elsewhere: async (dir, languages) => {
        sent += 1;
        return moved(dir, languages);
      },
    });
    expect(sent).toBe(0);
    expect(mended.kept).toBeGreaterThan(0);
  });
});
