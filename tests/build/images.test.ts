import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, runSite } from '../helpers/project-copy.ts';

// Issue 3 on the real thing: `site build` of the bundled site, every <img> of every page checked
// against the files the image stage wrote.

interface Img {
  page: string;
  attrs: Record<string, string>;
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

function imagesIn(page: string, html: string): Img[] {
  return [...html.matchAll(/<img\b([^>]*)>/g)].map((tag) => ({
    page,
    // HTML attribute names are case-insensitive (React writes srcSet, fetchPriority).
    attrs: Object.fromEntries(
      [...tag[1]!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), decode(m[2]!)]),
    ),
  }));
}

const srcset = (value: string) =>
  value.split(', ').map((entry) => {
    const [url, descriptor] = entry.split(' ') as [string, string];
    return { url, kind: descriptor.slice(-1), value: Number(descriptor.slice(0, -1)) };
  });

let project: string;
let publicDir: string;
let imgs: Img[];
const sizeCache = new Map<string, Promise<{ width: number; height: number; format: string }>>();
const fileSize = (url: string) => {
  if (!sizeCache.has(url)) {
    sizeCache.set(
      url,
      sharp(join(publicDir, decodeURIComponent(url)))
        .metadata()
        .then((m) => ({ width: m.width!, height: m.height!, format: m.format! })),
    );
  }
  return sizeCache.get(url)!;
};

beforeAll(async () => {
  project = await copyProject();
  const built = await runSite(project, ['build', '--out', 'dist']);
  expect(built.code, built.stderr).toBe(0);
  publicDir = join(project, 'dist', 'public');
  const pages = (await readdir(publicDir, { recursive: true })).filter((file) => file.endsWith('.html'));
  imgs = (
    await Promise.all(pages.map(async (page) => imagesIn(page, await readFile(join(publicDir, page), 'utf8'))))
  ).flat();
}, 300_000);

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

describe('site build: every <img>', () => {
  it('the site shows images at all', () => {
    expect(imgs.length).toBeGreaterThan(0);
  });

  it('has a src, a srcset, width and height', () => {
    for (const { page, attrs } of imgs) {
      expect(attrs, page).toHaveProperty('src');
      expect(attrs, page).toHaveProperty('srcset');
      expect(Number(attrs.width), page).toBeGreaterThan(0);
      expect(Number(attrs.height), page).toBeGreaterThan(0);
    }
  });

  it('points only at webp files that exist, each as wide as its srcset says', async () => {
    for (const { page, attrs } of imgs) {
      for (const entry of srcset(attrs.srcset!)) {
        const real = await fileSize(entry.url);
        expect(real.format, `${page}: ${entry.url}`).toBe('webp');
        if (entry.kind === 'w') expect(real.width, `${page}: ${entry.url}`).toBe(entry.value);
        else
          expect(Math.abs(real.width - Number(attrs.width) * entry.value), `${page}: ${entry.url}`).toBeLessThanOrEqual(
            1,
          );
      }
      await expect(fileSize(attrs.src!)).resolves.toBeTruthy();
    }
  });

  it('gives a responsive image the width and height of the real file its src names, and sizes', async () => {
    const responsive = imgs.filter(({ attrs }) => srcset(attrs.srcset!)[0]!.kind === 'w');
    expect(responsive.length).toBeGreaterThan(0);
    for (const { page, attrs } of responsive) {
      const real = await fileSize(attrs.src!);
      expect([Number(attrs.width), Number(attrs.height)], `${page}: ${attrs.src}`).toEqual([real.width, real.height]);
      expect(attrs.sizes, page).toBeTruthy();
    }
  });

  it('offers the breakpoint widths a source allows', () => {
    const widths = new Set(
      imgs.flatMap(({ attrs }) =>
        srcset(attrs.srcset!)
          .filter((e) => e.kind === 'w')
          .map((e) => e.value),
      ),
    );
    for (const width of widths)
      expect([320, 640, 768, 1024, 1280, 1536].includes(width) || width < 320, String(width)).toBe(true);
    expect(widths.has(1536)).toBe(true);
  });

  it('loads lazily and decodes asynchronously, except priority images (the hero): eager, high priority', () => {
    for (const { page, attrs } of imgs) {
      if (attrs.loading === 'eager') {
        expect(attrs.fetchpriority, page).toBe('high');
        expect(attrs.decoding, page).toBeUndefined();
      } else {
        expect([attrs.loading, attrs.decoding], page).toEqual(['lazy', 'async']);
        expect(attrs.fetchpriority, page).toBeUndefined();
      }
    }
    const heroes = imgs.filter(({ attrs }) => /\bhero-image\b/.test(attrs.class ?? ''));
    expect(heroes.length).toBeGreaterThan(0);
    for (const { page, attrs } of heroes) expect(attrs.loading, page).toBe('eager');
  });

  it('inlines a decodable blurred placeholder in every image', async () => {
    const uris = new Set<string>();
    for (const { page, attrs } of imgs) {
      const match = /background-image:url\("(data:image\/webp;base64,[^"]+)"\)/.exec(attrs.style ?? '');
      expect(match, `${page}: ${attrs.src}`).not.toBeNull();
      uris.add(match![1]!);
    }
    for (const uri of uris) {
      const meta = await sharp(Buffer.from(uri.split(',')[1]!, 'base64')).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBe(10);
    }
  });
});

describe('site build: image cache', () => {
  it('encodes nothing when no image changed, exactly one image after one changed, nothing after dist/ is deleted', async () => {
    // A private copy of the (now warm) shared cache, so this test's changed image stays here.
    const cache = join(project, '.site', 'cache', 'images');
    const shared = await import('node:fs/promises').then((fs) => fs.realpath(cache));
    await rm(cache);
    await cp(shared, cache, { recursive: true });
    const build = async (out: string) => {
      const result = await runSite(project, ['build', '--json', '--out', out]);
      expect(result.code, result.stderr).toBe(0);
      return (JSON.parse(result.stdout) as { images: { made: number; cached: number } }).images;
    };

    const warm = await build('dist-warm');
    expect(warm.made).toBe(0);
    expect(warm.cached).toBeGreaterThan(20);

    // An image the site shows: the one in the first <img>.
    const shown = /^\/images\/(.+)\.\d+(?:x\d+)?\.[0-9a-f]{8}\.webp$/.exec(
      decodeURIComponent(imgs[0]!.attrs.src!),
    )![1]!;
    const file = (await readdir(join(project, 'content', 'images'))).find((name) => name.startsWith(`${shown}.`))!;
    const path = join(project, 'content', 'images', file);
    await writeFile(path, await sharp(path).negate().jpeg().toBuffer());
    const touched = await build('dist-touched');
    expect(touched).toMatchObject({ made: 1, cached: warm.cached - 1 });

    await rm(join(project, 'dist-touched'), { recursive: true, force: true });
    const again = await build('dist-touched');
    expect(again).toMatchObject({ made: 0, cached: warm.cached });
  }, 300_000);
});
