import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { libvipsThreads, loadSharp, sharpVersions } from '../../cli/images/sharp.ts';
import { drawPhoto, makeProject, repoRoot, run } from './fixtures.ts';

/**
 * sharp is loaded by the first image decoded, encoded or drawn (cli/images/sharp.ts): a build
 * after a body edit takes every image from the cache and asks only for sharp's versions, which key
 * the files; loading it was ~70 ms of such a build's main thread.
 */
describe('sharp', () => {
  // The versions are read from the files sharp reads them from: the same keys, values and order
  // (the order is in the JSON hashed into card template versions), or a key drifts from sharp's.
  it("versions read without loading sharp are sharp's own", () => {
    expect(JSON.stringify(sharpVersions())).toBe(JSON.stringify(loadSharp().versions));
  });

  it("sets libvips' thread count at its first use and puts back what the process had", () => {
    const sharp = loadSharp();
    const before = sharp.concurrency();
    const threads = libvipsThreads(before + 1);
    threads.restore(); // never set: nothing to put back
    expect(sharp.concurrency()).toBe(before);
    threads.set();
    expect(sharp.concurrency()).toBe(before + 1);
    sharp.concurrency(before + 2); // a second set keeps the first count it saw, not this one
    threads.set();
    threads.restore();
    expect(sharp.concurrency()).toBe(before);
  });

  it('is not loaded by an image stage that takes every file from the cache, and is by one that encodes', async () => {
    const project = await makeProject({ 'court.jpg': await drawPhoto(900, 600) });
    const first = await run(project);
    expect(first.made).toBe(1);
    // A second run in a process of its own (this one has loaded sharp): first from the cache, then
    // with one image more, which must load it (the check sees a load).
    const options = { root: project.root, publicDir: project.publicDir, cacheDir: project.cacheDir };
    const script = `
      import { createRequire } from 'node:module';
      import { writeFileSync } from 'node:fs';
      import { processImages } from './cli/images/stage.ts';
      import { loadConfig } from './cli/config/load.ts';
      const required = createRequire(import.meta.url).cache;
      const loaded = () => Object.keys(required).some((file) => file.includes('/node_modules/sharp/dist/'));
      const options = { ...${JSON.stringify(options)}, config: await loadConfig(process.cwd()) };
      const run = (names) => processImages({ ...options, images: new Map(names.map((name) => [name, 'content/images/' + name + '.jpg'])), used: new Set(names) });
      const cached = await run(['court']);
      const fromCache = { made: cached.made, cached: cached.cached, lookup: cached.lookup, loaded: loaded() };
      const more = await run(['court', 'net']);
      console.log(JSON.stringify({ fromCache, made: more.made, loaded: loaded() }));`;
    await writeFile(join(project.root, 'content', 'images', 'net.jpg'), await drawPhoto(700, 500, 200));
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    const result = JSON.parse(out.trim().split('\n').at(-1)!);
    expect(result.fromCache).toEqual({ made: 0, cached: 1, lookup: first.lookup, loaded: false });
    expect(result).toMatchObject({ made: 1, loaded: true });
  }, 60_000);
});
