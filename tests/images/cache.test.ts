import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { drawPhoto, fileOf, makeProject, run } from './fixtures.ts';
import { SiteError } from '../../cli/errors/site-error.ts';
import { FolderWriter } from '../../cli/build/folder-writer.ts';

// The cache promise of issue 3, on real files: nothing is encoded twice, and nothing in the
// cache is trusted without checking it.
let project: Awaited<ReturnType<typeof makeProject>>;

beforeEach(async () => {
  project = await makeProject({
    'court.jpg': await drawPhoto(1400, 900, 20),
    'club.jpg': await drawPhoto(900, 600, 140),
    'camp.png': await drawPhoto(500, 400, 260, 'png'),
  });
});

const freshPublic = (name: string) => join(project.root, `public-${name}`);

describe('image cache', () => {
  it('encodes everything once, then nothing', async () => {
    const cold = await run(project);
    expect(cold).toMatchObject({ made: 3, cached: 0 });
    expect(cold.encoded).toBeGreaterThan(3);
    const warm = await run(project, { publicDir: freshPublic('warm') });
    expect(warm).toMatchObject({ made: 0, cached: 3, encoded: 0, bytes: cold.bytes });
    expect(warm.lookup).toEqual(cold.lookup);
  });

  it('re-encodes exactly the one source whose pixels changed', async () => {
    const cold = await run(project);
    await writeFile(join(project.root, 'content/images/club.jpg'), await drawPhoto(900, 600, 330));
    const after = await run(project, { publicDir: freshPublic('after') });
    expect(after).toMatchObject({ made: 1, cached: 2 });
    expect(after.lookup.club!.variants[0]!.src).not.toBe(cold.lookup.club!.variants[0]!.src);
    expect(after.lookup.court).toEqual(cold.lookup.court);
  });

  it('survives the output folder being deleted', async () => {
    await run(project);
    await rm(project.publicDir, { recursive: true, force: true });
    const again = await run(project);
    expect(again).toMatchObject({ made: 0, encoded: 0 });
    for (const variant of Object.values(again.lookup).flatMap((image) => image.variants)) {
      await expect(readFile(fileOf(project.publicDir, variant.src))).resolves.toBeTruthy();
    }
  });

  it('keeps a rename free: the cache is keyed by content, not name', async () => {
    await run(project);
    project.images.set('court-renamed', project.images.get('court')!);
    project.images.delete('court');
    const renamed = await run(project, { publicDir: freshPublic('renamed') });
    expect(renamed.encoded).toBe(0);
    expect(renamed.lookup['court-renamed']!.variants[0]!.src).toMatch(
      /^\/images\/court-renamed\.320\.[0-9a-f]{8}\.webp$/,
    );
  });

  it('encodes a source used under two names once', async () => {
    const single = await run(project, {
      publicDir: freshPublic('single'),
      cacheDir: join(project.root, 'cache-single'),
      used: new Set(['court']),
    });
    project.images.set('court-copy', project.images.get('court')!);
    const both = await run(project, { used: new Set(['court', 'court-copy']) });
    expect(both.encoded).toBe(single.encoded);
    expect(both.made).toBe(1);
    expect(both.lookup['court-copy']!.variants.map((v) => v.width)).toEqual(
      both.lookup.court!.variants.map((v) => v.width),
    );
  });

  it('re-makes a cached file whose bytes were damaged, and only that file', async () => {
    const cold = await run(project);
    const files = join(project.cacheDir, 'files');
    const [victim] = (await readdir(files)).sort();
    const original = await readFile(join(files, victim!));
    const data = Buffer.from(original);
    const middle = Math.floor(data.length / 2);
    data[middle] = data[middle]! ^ 0xff; // same length, other bytes
    await writeFile(join(files, victim!), data);
    const after = await run(project, { publicDir: freshPublic('damaged') });
    expect(after).toMatchObject({ made: 1, encoded: 1 });
    expect(after.lookup).toEqual(cold.lookup);
    // Made alone, the file has the bytes it had when made with the others: the name still fits.
    const repaired = await readFile(join(files, victim!));
    expect(repaired.equals(original)).toBe(true);
  });

  it('re-makes a cached file cut short by a crash', async () => {
    await run(project);
    const files = join(project.cacheDir, 'files');
    const [victim] = (await readdir(files)).sort();
    const data = await readFile(join(files, victim!));
    await writeFile(join(files, victim!), data.subarray(0, data.length >> 1));
    const after = await run(project, { publicDir: freshPublic('truncated') });
    expect(after.encoded).toBe(1);
  });

  it('treats an entry that does not parse as never made', async () => {
    await run(project);
    const entries = join(project.cacheDir, 'entries');
    const [victim] = await readdir(entries);
    await writeFile(join(entries, victim!), '{"layout":1,"files":{"w3');
    const after = await run(project, { publicDir: freshPublic('entry') });
    expect(after).toMatchObject({ made: 1, cached: 2 });
    const warm = await run(project, { publicDir: freshPublic('entry-again') });
    expect(warm.encoded).toBe(0);
  });

  it('makes only the new width when a breakpoint is added', async () => {
    await run(project);
    const { siteConfig } = await import('./fixtures.ts');
    const config = await siteConfig();
    const wider = { ...config, images: { ...config.images, breakpoints: [...config.images.breakpoints, 1400] } };
    const after = await run(project, { config: wider, publicDir: freshPublic('breakpoint') });
    expect(after).toMatchObject({ made: 1, encoded: 1 }); // only court.jpg is 1400 wide
    expect(after.lookup.court!.variants.at(-1)).toMatchObject({ width: 1400 });
  });

  it('makes every webp file again at another effort (the placeholders stay); less effort, larger files', async () => {
    const { siteConfig } = await import('./fixtures.ts');
    const config = await siteConfig();
    expect(config.images.effort).toBe(2);
    const standard = await run(project);
    const quick = await run(project, {
      config: { ...config, images: { ...config.images, effort: 0 } },
      publicDir: freshPublic('effort'),
    });
    const webpFiles = (lookup: typeof standard.lookup) =>
      Object.values(lookup).flatMap((image) => image.variants).length;
    expect(quick).toMatchObject({ made: 3, encoded: webpFiles(standard.lookup) });
    for (const name of Object.keys(standard.lookup))
      expect(quick.lookup[name]!.placeholder).toBe(standard.lookup[name]!.placeholder);
    expect(quick.bytes).toBeGreaterThan(standard.bytes);
    // Other bytes, other names: a browser that cached the old file forever never shows it for the new.
    const urls = (lookup: typeof standard.lookup) =>
      Object.values(lookup).flatMap((image) => image.variants.map((v) => v.src));
    expect(urls(quick.lookup).filter((src) => urls(standard.lookup).includes(src))).toEqual([]);
  });
});

describe('image cache shared by builds running at once', () => {
  it('re-makes a file that vanished from the cache after it was checked, instead of failing', async () => {
    const cold = await run(project);
    const { startImages } = await import('../../cli/images/stage.ts');
    const { siteConfig } = await import('./fixtures.ts');
    const work = startImages({
      root: project.root,
      config: await siteConfig(),
      images: project.images,
      used: new Set(project.images.keys()),
      cacheDir: project.cacheDir,
    });
    expect(await work.lookup).toEqual(cold.lookup); // every file checked and found
    const files = join(project.cacheDir, 'files');
    for (const file of await readdir(files)) await rm(join(files, file)); // another build clears the cache
    const publicDir = freshPublic('vanished');
    const totals = await work.finish(new FolderWriter(publicDir));
    expect(totals.encoded).toBeGreaterThan(0);
    for (const variant of Object.values(cold.lookup).flatMap((image) => image.variants)) {
      await expect(sharp(fileOf(publicDir, variant.src)).metadata()).resolves.toMatchObject({
        format: variant.src.endsWith('.svg') ? 'svg' : 'webp',
      });
    }
  });

  it('says when every file is encoded, before finish links them in, and does not reject for a bad image', async () => {
    const { startImages } = await import('../../cli/images/stage.ts');
    const { siteConfig } = await import('./fixtures.ts');
    const options = {
      root: project.root,
      config: await siteConfig(),
      images: project.images,
      used: new Set(project.images.keys()),
      cacheDir: project.cacheDir,
    };
    const work = startImages(options);
    await work.encoded;
    const files = join(project.cacheDir, 'files');
    const made = (await readdir(files)).sort();
    const totals = await work.finish(new FolderWriter(freshPublic('encoded')));
    expect(totals).toMatchObject({ made: 3, cached: 0 });
    expect((await readdir(files)).sort()).toEqual(made); // every file was there already
    await writeFile(join(project.root, 'content/images/club.jpg'), Buffer.from('not a picture'));
    const bad = startImages({ ...options, cacheDir: join(project.root, 'cache-bad') });
    await expect(bad.encoded).resolves.toBeUndefined();
    await expect(bad.lookup).rejects.toBeInstanceOf(SiteError);
  });

  it('an image edited while the build ran, its cache copy gone: IMAGE_CHANGED_DURING_BUILD at the file, not a bug in the tool', async () => {
    await run(project);
    const { startImages } = await import('../../cli/images/stage.ts');
    const { siteConfig } = await import('./fixtures.ts');
    const work = startImages({
      root: project.root,
      config: await siteConfig(),
      images: project.images,
      used: new Set(project.images.keys()),
      cacheDir: project.cacheDir,
    });
    await work.lookup;
    const files = join(project.cacheDir, 'files');
    for (const file of await readdir(files)) await rm(join(files, file));
    const [name, source] = [...project.images][0]!;
    const original = await readFile(join(project.root, source));
    await writeFile(join(project.root, source), await drawPhoto(700, 500, 10));
    try {
      const failure = await work.finish(new FolderWriter(freshPublic('edited'))).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure, name).toBeInstanceOf(SiteError);
      expect((failure as SiteError).problems).toEqual([
        expect.objectContaining({ code: 'IMAGE_CHANGED_DURING_BUILD', location: { file: source } }),
      ]);
    } finally {
      await writeFile(join(project.root, source), original);
    }
  });

  it('gives three cold builds in separate processes over one cache the same files', async () => {
    const { spawn } = await import('node:child_process');
    const script = join(project.root, 'run-images.mts');
    await writeFile(
      script,
      `import { processImages } from ${JSON.stringify(join(import.meta.dirname, '../../cli/images/stage.ts'))};
import { loadConfig } from ${JSON.stringify(join(import.meta.dirname, '../../cli/config/load.ts'))};
const [root, publicDir] = process.argv.slice(2);
const images = new Map(${JSON.stringify([...project.images])});
const result = await processImages({ root, config: await loadConfig(${JSON.stringify(join(import.meta.dirname, '../..'))}), images, used: new Set(images.keys()), publicDir, cacheDir: ${JSON.stringify(project.cacheDir)} });
process.stdout.write(JSON.stringify(result.lookup));
`,
    );
    const runOne = (publicDir: string) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', script, project.root, publicDir], {
          cwd: join(import.meta.dirname, '../..'),
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
    const dirs = ['a', 'b', 'c'].map((name) => freshPublic(`process-${name}`));
    const results = await Promise.all(dirs.map(runOne));
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const lookups = results.map((result) => JSON.parse(result.stdout) as Awaited<ReturnType<typeof run>>['lookup']);
    expect(lookups[1]).toEqual(lookups[0]);
    expect(lookups[2]).toEqual(lookups[0]);
    for (const dir of dirs) {
      for (const variant of Object.values(lookups[0]!).flatMap((image) => image.variants)) {
        const meta = await sharp(fileOf(dir, variant.src)).metadata();
        expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      }
    }
  }, 60_000);
});
