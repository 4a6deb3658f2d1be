import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeAtomic } from '../images/cache.ts';

/** Another process (site dev beside site build) may be about to import a sibling it just wrote. */
const SIBLING_GRACE_MS = 10 * 60_000;

/**
 * Compiled code written under a name its hash picks (`<name>.<hash>.mjs` in `cacheDir`) and
 * loaded: Node caches modules by path, so new code needs a new name. Written whole or not at all:
 * another build (or site dev) importing the name must never read half a module, and a file cut
 * short by a killed build is simply written again (issue 11). The same name's other hashes are
 * removed once they are old: each template edit would otherwise leave one more (a functions
 * module is 3 MB).
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
  // The launcher's thread runs the CLI as CommonJS (bin/commonjs-bundle.mjs: main.cjs), where esbuild
  // made every import() a require, which takes a path, not a URL: there the module is required
  // (Node 20.19 and later require an ES module without a top-level await as import() loads it).
  // Elsewhere (the worker threads' ES modules, the tests' module runner) it is imported.
  const module = (
    import.meta.url.endsWith('.cjs') ? createRequire(import.meta.url)(file) : await import(pathToFileURL(file).href)
  ) as T;
  await removeOldSiblings(cacheDir, name, file);
  return { module, file, hash };
}

async function removeOldSiblings(cacheDir: string, name: string, kept: string): Promise<void> {
  const sibling = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.[0-9a-f]+\\.mjs$`);
  const now = Date.now();
  for (const entry of await readdir(cacheDir)) {
    const path = join(cacheDir, entry);
    if (path === kept || !sibling.test(entry)) continue;
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > SIBLING_GRACE_MS) await rm(path, { force: true });
  }
}
