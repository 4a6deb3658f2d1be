import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import type { SiteConfig } from '../../shared/config.ts';
import { processImages, type ProcessImagesOptions } from '../../cli/images/stage.ts';
import type { FixedSize } from '../../shared/images.ts';

export const repoRoot = join(import.meta.dirname, '..', '..');

/** The real site.config.yaml: the tests run with the settings the site builds with. */
export const siteConfig = (): Promise<SiteConfig> => loadConfig(repoRoot);

/** A picture with detail (so encoders have work and sizes differ) drawn by sharp from an SVG. */
export function drawPhoto(width: number, height: number, hue = 120, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const balls = Array.from(
    { length: 12 },
    (_, i) =>
      `<circle cx="${(((i * 97) % 100) / 100) * width}" cy="${(((i * 61) % 100) / 100) * height}" r="${Math.min(width, height) / 9}" fill="hsl(${(hue + i * 23) % 360},70%,55%)"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${hue},45%,40%)"/>
    <path d="M0 ${height * 0.6} L${width} ${height * 0.4} L${width} ${height} L0 ${height} Z" fill="hsl(${(hue + 180) % 360},40%,60%)"/>
    ${balls}</svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

const projects: string[] = [];
// Registered when a test file imports these fixtures: its temporary projects go when it ends.
afterAll(() => Promise.all(projects.splice(0).map((root) => rm(root, { recursive: true, force: true }))));

/** A temporary project with content/images/<name> files (removed after the test file); returns paths and the images map. */
export async function makeProject(
  files: Record<string, Buffer>,
): Promise<{ root: string; images: Map<string, string>; publicDir: string; cacheDir: string }> {
  const root = await mkdtemp(join(tmpdir(), 'site-images-'));
  projects.push(root);
  await mkdir(join(root, 'content', 'images'), { recursive: true });
  const images = new Map<string, string>();
  for (const [file, data] of Object.entries(files)) {
    await writeFile(join(root, 'content', 'images', file), data);
    images.set(file.replace(/\.[^.]+$/, ''), `content/images/${file}`);
  }
  return { root, images, publicDir: join(root, 'dist', 'public'), cacheDir: join(root, '.site', 'cache', 'images') };
}

/** processImages over every image of a project, as the build calls it. */
export async function run(
  project: Awaited<ReturnType<typeof makeProject>>,
  extra: Partial<ProcessImagesOptions> & { fixed?: Map<string, FixedSize[]> } = {},
) {
  return processImages({
    root: project.root,
    config: await siteConfig(),
    images: project.images,
    used: new Set(project.images.keys()),
    publicDir: project.publicDir,
    cacheDir: project.cacheDir,
    ...extra,
  });
}

/** The file behind a public URL. */
export const fileOf = (publicDir: string, src: string): string => join(publicDir, decodeURIComponent(src));
