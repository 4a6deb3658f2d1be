import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeAtomic } from '../images/cache.ts';

/**
 * Compiled code written under a name its hash picks (`<name>.<hash>.mjs` in `cacheDir`) and
 * imported: Node caches modules by URL, so new code needs a new name. Written whole or not at all:
 * another build (or site dev) importing the name must never read half a module, and a file cut
 * short by a killed build is simply written again (issue 11).
 */
export async function importHashed<T>(
  cacheDir: string,
  name: string,
  code: string,
  hash: string = createHash('sha256').update(code).digest('hex').slice(0, 12),
): Promise<{ module: T; file: string; hash: string }> {
  const file = join(cacheDir, `${name}.${hash}.mjs`);
  await mkdir(cacheDir, { recursive: true });
  await writeAtomic(file, code);
  return { module: (await import(pathToFileURL(file).href)) as T, file, hash };
}
