import { copyFile, link, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { CacheEntry, CachedFile, ImageCache } from './cache.ts';
import type { PlannedFile } from './describe.ts';

const hasCode = (error: unknown, ...codes: string[]) =>
  typeof error === 'object' && error !== null && codes.includes((error as { code?: string }).code ?? '');

/**
 * Puts a cached file into the output. A hard link costs no bytes and no time; where links cannot
 * be made (another file system, a host that forbids them) the file is copied. The names carry a
 * hash of everything that makes the file, so a file already there is the same file.
 */
export async function publishFile(cached: string, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  try {
    await link(cached, target);
  } catch (error) {
    if (hasCode(error, 'EEXIST')) return;
    if (!hasCode(error, 'EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK', 'EACCES')) throw error;
    await copyFile(cached, target);
  }
}

/**
 * Publishes every planned file of every image into `imagesDir`; returns the bytes published.
 * A cache file gone since it was checked (someone cleared the cache under a running build) is
 * made again by `remake` instead of failing the build.
 */
export async function publishAll<Image extends { files: readonly PlannedFile[]; entry: CacheEntry }>(
  cache: ImageCache,
  images: readonly Image[],
  imagesDir: string,
  remake: (image: Image, key: string) => Promise<CachedFile>,
): Promise<number> {
  const published = new Map<string, number>();
  await mkdir(imagesDir, { recursive: true });
  await Promise.all(
    images.flatMap((image) =>
      image.files.map(async ({ key, target }) => {
        if (published.has(target)) return;
        let cached = image.entry.files[key] as CachedFile;
        published.set(target, cached.bytes);
        try {
          await publishFile(cache.filePath(cached), join(imagesDir, target));
        } catch (error) {
          if (!hasCode(error, 'ENOENT')) throw error;
          cached = await remake(image, key);
          published.set(target, cached.bytes);
          await publishFile(cache.filePath(cached), join(imagesDir, target));
        }
      }),
    ),
  );
  return [...published.values()].reduce((sum, size) => sum + size, 0);
}
