import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, readlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { expect } from 'vitest';

export const repoRoot = join(import.meta.dirname, '..', '..');

export async function editFile(project: string, path: string, from: string | RegExp, to: string): Promise<void> {
  const file = join(project, path);
  const text = await readFile(file, 'utf8');
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`fixture: ${String(from)} not in ${path}`);
  await writeFile(file, changed);
}

/** Every file under `dir`, relative, with forward slashes, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** Each file under `dir` (relative) to the SHA-1 of its bytes: two builds' output compared file by file. */
export async function fileHashes(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(
      relative(dir, path),
      createHash('sha1')
        .update(await readFile(path))
        .digest('hex'),
    );
  }
  return files;
}

export const linkTarget = (out: string): Promise<string> => readlink(out);

/** The file in dist/public for a URL path (the contract `site serve` and Firebase rely on). */
export const fileOf = (path: string): string => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

/** What changes from build to build without the site changing: dates, content hashes, placeholders. */
export function normalise(html: string, buildDate: string): string {
  return (
    html
      .replaceAll(buildDate, '{{BUILD_DATE}}')
      .replace(/© \d{4}/g, '© {{YEAR}}')
      .replace(/(\/(?:assets|images)\/[\w.-]+?)\.[0-9a-f]{8,}\.(\w+)/g, '$1.[hash].$2')
      .replace(/(\/islands\/[\w-]+?)-[A-Z0-9]{8}\.js/g, '$1-[hash].js')
      // A card's name carries the card template's and fonts' hash: a new font version is no page change.
      .replace(/(\/cards\/[\w.-]+?)\.[A-Za-z0-9]{16}\.jpg/g, '$1.[hash].jpg')
      .replace(/data:image\/(\w+);base64,[A-Za-z0-9+/=]+/g, 'data:image/$1;base64,[placeholder]')
      .replace(/></g, '>\n<')
  );
}

/**
 * Compare with tests/build/golden/<name>; UPDATE_GOLDEN=1 rewrites the file instead. A missing
 * golden fails: it is written only on purpose.
 */
export async function expectGolden(name: string, actual: string): Promise<void> {
  const file = join(import.meta.dirname, 'golden', name);
  if (process.env.UPDATE_GOLDEN === '1') {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, actual);
    return;
  }
  const expected = await readFile(file, 'utf8').catch(() => undefined);
  expect(expected, `no golden ${name}: run UPDATE_GOLDEN=1 npx vitest run tests/build`).toBeDefined();
  expect(
    actual,
    `${name} differs from its golden (if the change is meant: UPDATE_GOLDEN=1 npx vitest run tests/build)`,
  ).toBe(expected);
}
