import { createHash, hash as oneShot } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageVersion } from '../paths.ts';
import { readBuildEnvironment } from '../config/build-environment.ts';
import type { PageRoute } from './types.ts';
import type { SiteConfig } from '../../shared/config.ts';
import type { ImageLookup } from '../../shared/images.ts';
import type { SiteModel } from '../content/types.ts';
import type { Assets } from '../../templates/render-input.ts';
import { parseState, type BuildState } from './build-state-file.ts';

export type { BuildState };

export const STATE_FILE = 'build-state.json';
/**
 * The digest and warnings of the state alone, beside it: a build with nothing to do reads this,
 * not the 3 MB of page prints a site of 4,000 sources keeps (issue 21).
 */
export const DIGEST_FILE = 'build-digest.json';
export type BuildDigest = Pick<BuildState, 'digest' | 'warnings'>;
export const pageId = (page: PageRoute): string => `${page.key}|${page.locale}`;

export async function readBuildState(buildDir: string | undefined): Promise<BuildState | undefined> {
  if (!buildDir) return undefined;
  try {
    return parseState(await readFile(join(buildDir, STATE_FILE)));
  } catch {
    return undefined;
  }
}

/** The digest the build in `buildDir` was made from, and its warnings. */
export async function readBuildDigest(buildDir: string | undefined): Promise<BuildDigest | undefined> {
  if (!buildDir) return undefined;
  try {
    const { digest, warnings } = JSON.parse(await readFile(join(buildDir, DIGEST_FILE), 'utf8')) as BuildDigest;
    return typeof digest === 'string' && Array.isArray(warnings) ? { digest, warnings } : undefined;
  } catch {
    return undefined;
  }
}

const hash = () => createHash('sha256');

async function hashFolder(digest: ReturnType<typeof hash>, folder: string): Promise<void> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
  // Read synchronously: a few hundred small files, where each promised read (a file handle, its
  // stat, its close) costs several times the CPU of the read itself, in every build's hash stage.
  for (const file of files) digest.update(file).update(readFileSync(file));
}

/**
 * Which build of the tool runs: the bundled CLI is main.mjs and its chunks, all written again when
 * any source changes, main.mjs last: its size and time stand for all of them. (From sources, in
 * tests, this file stands for itself.)
 */
export async function toolStamp(): Promise<string> {
  const bundled = fileURLToPath(new URL('./main.mjs', import.meta.url));
  const tool =
    (await stat(bundled).catch(() => undefined)) ?? (await stat(fileURLToPath(import.meta.url)).catch(() => undefined));
  return `${tool?.size}|${tool?.mtimeMs}`;
}

/**
 * Project files that change what the same sources make: esbuild compiles templates and islands
 * with the settings of tsconfig.json (or jsconfig.json: JSX, class fields, import elision), and
 * the lockfile says which React, Preact and Markdown renderer run.
 */
const PROJECT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'jsconfig.json'];
/** The project's code: every file in these folders is in the context digest, by its bytes. */
export const CODE_FOLDERS = ['shared', 'templates', 'islands', 'functions'] as const;

/** The content files by path (sorted) and hash (as cli/content/content-hash.ts takes it), and the images. */
export interface ContentDigestInput {
  texts: readonly string[];
  hashes: readonly string[];
  images: ReadonlyMap<string, string>;
}

/**
 * One digest of everything a build reads: the tool itself, the options, the build date,
 * config, content text, image files (by size and time: the image stage hashes their bytes),
 * templates, islands, functions and the PROJECT_FILES. Costs a read of each source, no parsing.
 * `context`: the digest of all of it but the content files and their times, what a stored
 * content state is kept for with each file's hash (./incremental/stored-state-file.ts).
 */
export async function inputDigests(
  root: string,
  content: ContentDigestInput,
  options: { strict: boolean; drafts: boolean; future?: boolean },
  buildDate: string,
  changed: ReadonlyMap<string, number>,
  code?: string,
): Promise<{ digest: string; context: string }> {
  const context = await contextDigest(root, content.images, options, buildDate, code ?? (await codeDigest(root)));
  const digest = hash().update(context);
  // Each file by its hash, taken once for this and the stored parses' keys (cli/content/content-hash.ts).
  // One update of the lines (the same bytes): four calls into the hash a file cost more than hashing them.
  digest.update(content.texts.map((path, i) => `${path}\0${content.hashes[i]}\n`).join(''));
  // When the events' files last changed (cli/build/calendar-revisions.ts): their calendar files say it.
  digest.update(JSON.stringify([...changed]));
  return { digest: digest.digest('base64url'), context };
}

/** A file's bytes, read at once (nothing else runs meanwhile), or a mark that it is absent. */
function readOrAbsent(file: string): Buffer | string {
  try {
    return readFileSync(file);
  } catch {
    return '\0absent';
  }
}

/**
 * The digest of the CODE_FOLDERS, every file by its path and bytes: `inputDigests` takes it given
 * by a process that knows the folders unchanged since it took it (`site build --watch`, whose
 * watcher sees them: ./watch-session.ts).
 */
export async function codeDigest(root: string): Promise<string> {
  const digest = hash();
  for (const folder of CODE_FOLDERS) await hashFolder(digest, join(root, folder));
  return digest.digest('base64url');
}

async function contextDigest(
  root: string,
  images: ContentDigestInput['images'],
  options: { strict: boolean; drafts: boolean; future?: boolean },
  buildDate: string,
  code: string,
): Promise<string> {
  // Only the options that change the output (not --out, --json or --threads).
  const digest = hash().update(
    `${packageVersion()}|${JSON.stringify({ strict: options.strict, drafts: options.drafts, future: options.future ?? false })}|${buildDate}`,
  );
  digest.update(await toolStamp());
  // Absent: the config stage says so (no build was made from a site without one: no digest matches).
  digest.update(readOrAbsent(join(root, 'site.config.yaml')));
  // Variables that change the output (SITE_AUTH_EMULATOR) make another site.
  digest.update(JSON.stringify(readBuildEnvironment()));
  // Stats at once: awaited one by one, each cost a turn of the thread pool (~0.1 ms) in every build.
  for (const [name, file] of [...images].sort()) {
    const info = statSync(`${root}/${file}`);
    digest.update(`${name}|${file}|${info.size}|${info.mtimeMs}`);
  }
  digest.update(code);
  for (const name of PROJECT_FILES) digest.update(`${name}\0`).update(readOrAbsent(join(root, name)));
  return digest.digest('base64url');
}

/**
 * Fingerprint of one page: the site-wide part plus what its template reads. Node's one-shot
 * `hash` (a build takes one for each of its 4,500 pages at 4,000 sources, twice after an edit):
 * a `createHash` object's set-up cost about as much as hashing the text.
 */
export function fingerprint(global: string, inputs: unknown): string {
  return oneShot('sha256', global + JSON.stringify(inputs), 'base64url');
}

/** JSON with object keys sorted: the same data gives the same text whatever order it was built in. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}

/**
 * The part of every page's fingerprint that all pages share: what every page reads besides the
 * content (config and UI strings are read whole). `site dev` leaves the stylesheet's URL out of
 * `assets`: a CSS-only change swaps the stylesheet in the open page instead of reloading it.
 */
export function globalFingerprint(parts: {
  templatesHash: string;
  assets: Partial<Assets>;
  buildDate: string;
  config: SiteConfig;
  strings: SiteModel['strings'];
  images: ImageLookup;
}): string {
  const { templatesHash, assets, buildDate, config, strings, images } = parts;
  return hash()
    .update(stableJson([templatesHash, assets, buildDate, config, strings, images]))
    .digest('base64url');
}
