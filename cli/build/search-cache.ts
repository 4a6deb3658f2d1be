import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomic } from '../images/cache.ts';

/** What one index is made of: its files (relative to the index folder) and what they hold. */
export interface SearchIndexFiles {
  pages: number;
  languages: string[];
  files: Array<{ path: string; bytes: number }>;
}

// Indexes of the last few versions of the site: enough for builds of older and newer copies
// side by side (a test's project copies, a branch switched back), without growing for ever.
// An index is in shards (cli/build/search-shards.ts): this many versions of each.
const KEEP = 8;
// A folder still being written by a build that was killed is removed once it is this old.
const ABANDONED_MS = 10 * 60_000;
const MANIFEST = 'index.json';
/** Beside the indexes: the digests of the last build's pages (cli/build/search-pages.ts). */
export const PAGES_MEMO = 'pages.json';

/** Names an index by everything it is made from: Pagefind's version and options, each page's URL and the digest of its input (in order). */
export function searchKey(parts: {
  version: string;
  options: unknown;
  pages: ReadonlyArray<{ url: string; digest: string }>;
}): string {
  const digest = createHash('sha256').update(`${parts.version}\0${JSON.stringify(parts.options)}\0`);
  for (const page of parts.pages) digest.update(`${page.url}\0${page.digest}\0`);
  return digest.digest('base64url');
}

/**
 * Content-addressed store of search indexes under <root>/.site/cache/search/<key>/: the same
 * pages make the same index, so a build whose searchable pages are what an earlier build (of
 * this or another output folder, or site dev) indexed links those files instead of running
 * Pagefind. The manifest is written last: a folder without one is unfinished and never used.
 */
export class SearchCache {
  constructor(private readonly dir: string) {}

  /** The folder of the index named `key`. */
  entry(key: string): string {
    return join(this.dir, key);
  }

  /** What the cache holds under `key`, if it has it whole; it counts as used now. */
  async find(key: string): Promise<SearchIndexFiles | undefined> {
    const manifest = join(this.entry(key), MANIFEST);
    const found = await readFile(manifest, 'utf8').then(
      (text) => JSON.parse(text) as SearchIndexFiles,
      () => undefined,
    );
    if (found) {
      const now = new Date();
      await utimes(manifest, now, now).catch(() => undefined); // pruned meanwhile: the caller finds out when it reads
    }
    return found;
  }

  /**
   * Keeps the index `write` makes in the folder it is given (Pagefind writes its files there
   * itself) under its key: of its files only those `keep` names stay, `extra` ones are added. An
   * index another build stored first under the same key is as good.
   */
  async store(
    key: string,
    index: { pages: number; languages: string[] },
    write: (folder: string) => Promise<void>,
    options: {
      keep?: (path: string) => boolean;
      extra?: ReadonlyArray<{ path: string; content: string }>;
      replace?: boolean;
    } = {},
  ): Promise<SearchIndexFiles> {
    await mkdir(this.dir, { recursive: true });
    const temporary = join(this.dir, `${key}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      await write(temporary);
      for (const file of options.extra ?? []) writeFileSync(join(temporary, file.path), file.content);
      const files: SearchIndexFiles['files'] = [];
      for (const path of readdirSync(temporary, { recursive: true, encoding: 'utf8' }).sort()) {
        const found = statSync(join(temporary, path));
        if (!found.isFile()) continue;
        if (options.keep && !options.keep(path) && !options.extra?.some((file) => file.path === path))
          rmSync(join(temporary, path));
        else files.push({ path, bytes: found.size });
      }
      const manifest: SearchIndexFiles = { pages: index.pages, languages: index.languages, files };
      await writeAtomic(join(temporary, MANIFEST), JSON.stringify(manifest));
      // An entry found damaged is replaced; otherwise one stored first by another build is as good.
      if (options.replace) await rm(this.entry(key), { recursive: true, force: true });
      await rename(temporary, this.entry(key)).catch((error: { code?: string }) => {
        if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      });
      return manifest;
    } finally {
      await rm(temporary, { recursive: true, force: true });
    }
  }

  /**
   * All but the KEEP × `shards` most recently used indexes go (those of the build that calls it
   * are the most recent), and folders of builds that never finished.
   */
  async prune(shards: number): Promise<void> {
    const names = (await readdir(this.dir).catch(() => [] as string[])).filter((name) => name !== PAGES_MEMO);
    const entries = await Promise.all(
      names.map(async (name) => {
        const used = name.endsWith('.tmp')
          ? undefined
          : await stat(join(this.dir, name, MANIFEST)).catch(() => undefined);
        const made = await stat(join(this.dir, name)).catch(() => undefined);
        return { name, used: used?.mtimeMs, made: made?.mtimeMs ?? 0 };
      }),
    );
    const complete = entries.filter((entry) => entry.used !== undefined).sort((a, b) => b.used! - a.used!);
    const abandoned = entries.filter((entry) => entry.used === undefined && Date.now() - entry.made > ABANDONED_MS);
    await Promise.all(
      [...complete.slice(KEEP * shards), ...abandoned].map((entry) =>
        rm(join(this.dir, entry.name), { recursive: true, force: true }),
      ),
    );
  }
}
