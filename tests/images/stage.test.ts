import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImageLookup } from '../../shared/images.ts';
import { drawPhoto, fileOf, makeProject, run } from './fixtures.ts';

// One real run over a small set of sources made by sharp: every assertion reads the real files.
let project: Awaited<ReturnType<typeof makeProject>>;
let lookup: ImageLookup;
let result: Awaited<ReturnType<typeof run>>;
const progress: Array<[number, number]> = [];

beforeAll(async () => {
  // Stored 900x600 with EXIF orientation 6 (rotate 90°): shown 600 wide, 900 tall.
  const portrait = await sharp(await drawPhoto(900, 600, 30))
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
  const transparent = await sharp({
    create: { width: 400, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: await drawPhoto(200, 200, 200, 'png'), top: 100, left: 100 }])
    .png()
    .toBuffer();
  project = await makeProject({
    'wide.jpg': await drawPhoto(1600, 1000),
    'middle.jpg': await drawPhoto(1000, 700, 60),
    'narrow.png': await drawPhoto(200, 150, 300, 'png'),
    'portrait.jpg': portrait,
    'transparent.png': transparent,
    'logo.svg': Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#23a46a"/></svg>',
    ),
    'unused.jpg': await drawPhoto(800, 600, 90),
  });
  project.images.delete('unused');
  project.images.set('unused', 'content/images/unused.jpg');
  result = await run(project, {
    used: new Set(['wide', 'middle', 'narrow', 'portrait', 'transparent', 'logo']),
    fixed: new Map([
      ['wide', [{ width: 64, height: 64 }, { width: 200 }]],
      ['narrow', [{ width: 150 }]],
    ]),
    onProgress: (done, total) => progress.push([done, total]),
  });
  lookup = result.lookup;
});

const widths = (name: string) => lookup[name]!.variants.map((variant) => variant.width);

describe('processImages: responsive widths', () => {
  it.each([
    ['wide', [320, 640, 768, 1024, 1280, 1536]],
    ['middle', [320, 640, 768]],
    ['narrow', [200]], // narrower than the smallest breakpoint: its own width, never upscaled
    ['portrait', [320]], // 600 wide once EXIF orientation is applied
    ['logo', [120]], // SVG: published as is
  ])('%s gets widths %j', (name, expected) => {
    expect(widths(name)).toEqual(expected);
  });

  it('reports the source size as displayed (EXIF orientation applied)', () => {
    expect(lookup.portrait).toMatchObject({ width: 600, height: 900 });
    expect(lookup.portrait!.variants[0]).toMatchObject({ width: 320, height: 480 });
  });

  it('processes only the images the site uses', async () => {
    expect(Object.keys(lookup).sort()).toEqual(['logo', 'middle', 'narrow', 'portrait', 'transparent', 'wide']);
    const written = await readdir(join(project.publicDir, 'images'));
    expect(written.some((file) => file.startsWith('unused.'))).toBe(false);
  });
});

describe('processImages: files', () => {
  const everyFile = () =>
    Object.values(lookup).flatMap((image) => [...image.variants, ...(image.fixed ?? []).flatMap((r) => r.densities)]);

  it('gives every variant the width and height of the real file', async () => {
    for (const variant of everyFile()) {
      const meta = await sharp(fileOf(project.publicDir, variant.src)).metadata();
      expect({ src: variant.src, width: meta.width, height: meta.height }).toEqual({
        src: variant.src,
        width: variant.width,
        height: variant.height,
      });
    }
  });

  it('writes webp (svg stays svg) under hashed names, one name per distinct file', async () => {
    const byName = new Map<string, string>();
    for (const variant of everyFile()) {
      const match = /^\/images\/([a-z]+)\.(?:\d+|\d+x\d+)?\.?([0-9a-f]{8})\.(webp|svg)$/.exec(variant.src);
      expect(match, variant.src).not.toBeNull();
      const data = await readFile(fileOf(project.publicDir, variant.src));
      expect((await sharp(data).metadata()).format).toBe(match![3] === 'svg' ? 'svg' : 'webp');
      const digest = createHash('sha256').update(data).digest('hex');
      expect(byName.get(variant.src) ?? digest, `${variant.src} names one file`).toBe(digest);
      byName.set(variant.src, digest);
    }
    // Different files never share a hash (the hash covers the source, the size and the settings).
    const hashes = [...byName.keys()].map((src) => /\.([0-9a-f]{8})\.\w+$/.exec(src)![1]);
    expect(new Set(hashes).size).toBe(byName.size);
  });

  it('counts the bytes it wrote', async () => {
    const files = await readdir(join(project.publicDir, 'images'));
    const sizes = await Promise.all(
      files.map(async (file) => (await stat(join(project.publicDir, 'images', file))).size),
    );
    expect(result.bytes).toBe(sizes.reduce((a, b) => a + b, 0));
    expect(files.length).toBe(new Set(everyFile().map((variant) => variant.src)).size);
  });

  it('reports progress up to the total', () => {
    expect(progress[0]).toEqual([0, 6]);
    expect(progress.at(-1)).toEqual([6, 6]);
  });
});

describe('processImages: placeholders', () => {
  it.each(['wide', 'middle', 'narrow', 'portrait'])(
    '%s has a decodable webp placeholder within 10x10',
    async (name) => {
      const uri = lookup[name]!.placeholder;
      expect(uri).toMatch(/^data:image\/webp;base64,/);
      const meta = await sharp(Buffer.from(uri.split(',')[1]!, 'base64')).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBe(10);
      expect(uri.length).toBeLessThan(400);
    },
  );

  it('keeps the aspect ratio: a portrait placeholder is taller than wide', async () => {
    const meta = await sharp(Buffer.from(lookup.portrait!.placeholder.split(',')[1]!, 'base64')).metadata();
    expect(meta.height! > meta.width!).toBe(true);
  });

  it.each(['transparent', 'logo'])('%s (not opaque) has no placeholder to shine through', (name) => {
    expect(lookup[name]!.placeholder).toBe('');
  });
});

describe('processImages: fixed sizes', () => {
  it('makes 1x and 2x files of a cropped box', () => {
    const box = lookup.wide!.fixed!.find((rendition) => rendition.cropped);
    expect(box).toMatchObject({ width: 64, height: 64, cropped: true });
    expect(box!.densities.map(({ density, width, height }) => [density, width, height])).toEqual([
      [1, 64, 64],
      [2, 128, 128],
    ]);
  });

  it('keeps the aspect ratio without a height', () => {
    const box = lookup.wide!.fixed!.find((rendition) => !rendition.cropped);
    expect(box).toMatchObject({ width: 200, height: 125 });
    expect(box!.densities.map(({ density, width, height }) => [density, width, height])).toEqual([
      [1, 200, 125],
      [2, 400, 250],
    ]);
  });

  it('clamps a density the source cannot fill to the source, with its real density', () => {
    const box = lookup.narrow!.fixed![0]!;
    expect(box.densities.map(({ density, width }) => [density, width])).toEqual([
      [1, 150],
      [1.33, 200],
    ]);
  });
});
