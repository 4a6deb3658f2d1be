import { readdir, readFile, rename, rm, symlink, truncate, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyProject, removeProject, runSite, type RunResult } from '../helpers/project-copy.ts';
import { distManifest, manifestDifference, sameManifest, type Manifest } from './fixtures/dist-manifest.ts';
import { applyState, STATES } from './fixtures/content-states.ts';
import { RETIRED_CACHE_ENTRIES } from '../../cli/build/retired-caches.ts';

/**
 * Issue 11: a cache entry cut short (a killed process, a full disk, a crash of the machine
 * between a rename and its data) or rewritten by something else must be noticed and rebuilt:
 * no crash, and exactly the site a clean build makes. Each case damages one thing, changes the
 * content (so the build has work to do), builds, and compares dist with a reference build.
 */

const WALL_LIMIT = 300_000;
let project: string;
const originals = new Map<string, string | undefined>();
const expected = new Map<number, Manifest>();
/** The content state dist holds; each case builds the other one. */
let state = 0;

const cache = (...parts: string[]) => join(project, '.site', 'cache', ...parts);

/** Half of a file's bytes, as a new file (a torn write renamed into place): never in place, see docs/robustness.md. */
async function cutInHalf(path: string): Promise<void> {
  const bytes = await readFile(path);
  await rm(path);
  await writeFile(path, bytes.subarray(0, Math.floor(bytes.length / 2)));
}

async function oneOf(dir: string, pattern: RegExp): Promise<string> {
  const name = (await readdir(dir)).filter((file) => pattern.test(file)).sort()[0];
  if (!name) throw new Error(`no ${pattern} in ${dir}`);
  return join(dir, name);
}

async function buildOther(): Promise<RunResult> {
  state = 1 - state;
  await applyState(project, STATES[state]!, originals);
  return runSite(project, ['build', '--json']);
}

async function expectCleanBuild(result: RunResult): Promise<void> {
  expect(result.stderr, 'no internal error').not.toMatch(/internal error|This is a bug|\n\s+at /);
  expect(result.code, result.stderr.slice(-600)).toBe(0);
  const manifest = await distManifest(project);
  expect(sameManifest(manifest, expected.get(state)!), manifestDifference(manifest, expected.get(state)!)).toBe(true);
}

beforeAll(async () => {
  project = await copyProject({ smallImages: true });
  for (const s of [1, 0]) {
    await applyState(project, STATES[s]!, originals);
    const result = await runSite(project, ['build', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expected.set(s, await distManifest(project));
  }
  state = 0;
}, WALL_LIMIT);

afterAll(async () => {
  if (project) await removeProject(project);
});

describe('a damaged cache is detected and rebuilt', () => {
  test.each([
    ['a shard of the Markdown cache cut in half', async () => cutInHalf(await oneOf(cache('markdown'), /\.bin$/))],
    ['a shard of the stored parses cut in half', async () => cutInHalf(await oneOf(cache('parses'), /\.json$/))],
    ["the card cache's index cut in half", () => cutInHalf(cache('cards', 'sizes.json'))],
    [
      'every shard of the Markdown cache of another form (JSON)',
      async () => {
        for (const name of await readdir(cache('markdown'))) {
          await rm(cache('markdown', name));
          await writeFile(cache('markdown', name), '{"key":"<p>html</p>"}');
        }
      },
    ],
    [
      "two shards of the Markdown cache under each other's names",
      async () => {
        const [a, b] = (await readdir(cache('markdown'))).sort();
        await rename(cache('markdown', a!), cache('markdown', 'swap'));
        await rename(cache('markdown', b!), cache('markdown', a!));
        await rename(cache('markdown', 'swap'), cache('markdown', b!));
      },
    ],
    [
      'an image cache file (a made webp) cut in half',
      async () => cutInHalf(await oneOf(cache('images', 'files'), /\.webp$/)),
    ],
    [
      'an image cache file of zero bytes',
      async () => {
        const file = await oneOf(cache('images', 'files'), /\.webp$/);
        await rm(file);
        await writeFile(file, '');
      },
    ],
    ['an image cache file missing', async () => rm(await oneOf(cache('images', 'files'), /\.webp$/))],
    ["the images' prints file cut in half", () => cutInHalf(cache('images', 'prints.json'))],
    [
      'an image cache entry (its metadata) cut in half',
      async () => cutInHalf(await oneOf(cache('images', 'entries'), /\.json$/)),
    ],
    [
      'every image cache entry torn at once',
      async () => {
        for (const name of await readdir(cache('images', 'entries'))) await cutInHalf(cache('images', 'entries', name));
      },
    ],
    [
      'the compiled templates bundle (templates.*.mjs) cut in half',
      async () => cutInHalf(await oneOf(cache(), /^templates\..*\.mjs$/)),
    ],
    [
      "dist's build-state.json cut in half (no page can be reused)",
      async () => {
        const file = join(project, 'dist', 'build-state.json');
        const bytes = await readFile(file);
        await truncate(file, Math.floor(bytes.length / 2)); // in place: it belongs to the build dist shows, which is replaced
      },
    ],
    [
      'a killed build: its half-written folder and the link it never renamed',
      async () => {
        await mkdir(join(project, '.dist-builds', '2000-01-01T00-00-00-000Z-99999', 'public'), { recursive: true });
        await writeFile(
          join(project, '.dist-builds', '2000-01-01T00-00-00-000Z-99999', 'public', 'index.html'),
          '<!doctype html><title>half',
        );
        await symlink('.dist-builds/2000-01-01T00-00-00-000Z-99999', join(project, 'dist.link-99999'));
      },
    ],
    ['the whole cache folder gone', () => rm(join(project, '.site', 'cache'), { recursive: true, force: true })],
  ])(
    '%s',
    async (_, damage) => {
      await damage();
      await expectCleanBuild(await buildOther());
    },
    WALL_LIMIT,
  );

  test(
    "an older version's cache entries that nothing reads are removed by a build that succeeds",
    async () => {
      await mkdir(cache('feeds'), { recursive: true });
      await writeFile(cache('feeds', 'items.json'), '{}');
      await mkdir(cache('search', 'pagefind'), { recursive: true });
      await writeFile(cache('markdown.json'), '{"key":"<p>html</p>"}');
      await writeFile(cache('parses.json'), '{}');
      await expectCleanBuild(await buildOther());
      const left = await readdir(cache());
      for (const name of RETIRED_CACHE_ENTRIES) expect(left, name).not.toContain(name);
      expect(left).toEqual(expect.arrayContaining(['markdown', 'parses', 'cards', 'images']));
    },
    WALL_LIMIT,
  );

  test('after all of it, only complete builds and no stray links remain', async () => {
    expect((await readdir(join(project, '.dist-builds'))).length).toBeLessThanOrEqual(2);
    expect((await readdir(project)).filter((name) => name.startsWith('dist.'))).toEqual([]);
  });
});
