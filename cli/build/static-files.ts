import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { OutputDir } from './output.ts';

/** Files published as they are (favicon, verification files): templates/static/** -> public/**. */
export async function copyStaticFiles(root: string, output: OutputDir): Promise<number> {
  const base = join(root, 'templates', 'static');
  const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((entry) => entry.isFile());
  await Promise.all(
    files.map(async (entry) => {
      const path = join(entry.parentPath, entry.name);
      await output.write(`public/${relative(base, path).split(sep).join('/')}`, await readFile(path));
    }),
  );
  return files.length;
}
