import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every file under `dir` (paths from `dir`), sorted: what a build folder holds. */
export async function folderFiles(dir: string, under = ''): Promise<string[]> {
  const entries = await readdir(join(dir, under), { withFileTypes: true });
  const found = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? folderFiles(dir, join(under, entry.name)) : Promise.resolve([join(under, entry.name)]),
    ),
  );
  return found.flat().sort();
}
