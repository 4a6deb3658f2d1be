import type { FolderWriter } from '../build/folder-writer.ts';
import type { CacheEntry, CachedFile, ImageCache } from './cache.ts';
import type { PlannedFile } from './describe.ts';

const hasCode = (error: unknown, ...codes: string[]) =>
  typeof error === 'object' && error !== null && codes.includes((error as { code?: string }).code ?? '');

/**
 * Publishes every planned file of every image through `output` (public/images of a build, or
 * site dev's folder), linked from the cache. A cache file gone since it was checked (someone
 * cleared the cache under a running build) is made again by `remake` instead of failing the build.
 */
export async function publishAll<Image extends { files: readonly PlannedFile[]; entry: CacheEntry }>(
  cache: ImageCache,
  images: readonly Image[],
  output: FolderWriter,
  remake: (image: Image, key: string) => Promise<CachedFile>,
): Promise<void> {
  const published = new Set<string>();
  await Promise.all(
    images.flatMap((image) =>
      image.files.map(async ({ key, target }) => {
        if (published.has(target)) return;
        published.add(target);
        const cached = image.entry.files[key] as CachedFile;
        try {
          await output.publish([{ source: cache.filePath(cached), path: target, bytes: cached.bytes }]);
        } catch (error) {
          if (!hasCode(error, 'ENOENT')) throw error;
          const made = await remake(image, key);
          await output.publish([{ source: cache.filePath(made), path: target, bytes: made.bytes }]);
        }
      }),
    ),
  );
}
