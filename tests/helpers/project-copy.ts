import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

/** This repository: the tool and the site live together (cli/ builds templates/, islands/ and functions/, which share shared/). */
export const projectRoot = resolve(import.meta.dirname, '../..');

/** What `site` reads of a project; node_modules is linked, never copied. */
const PROJECT_PARTS = [
  'bin',
  'cli',
  'content',
  'shared',
  'templates',
  'islands',
  'functions',
  'site.config.yaml',
  'package.json',
];

export interface CopyOptions {
  /** Where the copy goes; a fresh temporary folder when absent. */
  dest?: string;
  /**
   * The image cache of this repository: `link` shares it (images are content-addressed, so a
   * stale entry is never used, and every copy is spared a cold encode), `copy` takes a private
   * copy (for tests that damage it), `none` starts cold.
   */
  imageCache?: 'link' | 'copy' | 'none';
  /**
   * Photos scaled down to 700 px first: for tests about what happens around the image stage
   * (kills, damaged caches) that need a cold cache without ~16 s of CPU for full-size photos.
   */
  smallImages?: boolean;
}

/** A throw-away copy of the project, for tests that edit content, run the CLI or kill builds. */
export async function copyProject(options: CopyOptions = {}): Promise<string> {
  const dir = options.dest ?? (await mkdtemp(join(tmpdir(), 'site-project-')));
  await mkdir(dir, { recursive: true });
  await Promise.all(
    PROJECT_PARTS.filter((part) => existsSync(join(projectRoot, part))).map((part) =>
      cp(join(projectRoot, part), join(dir, part), { recursive: true }),
    ),
  );
  await symlink(join(projectRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const cache = join(projectRoot, '.site', 'cache', 'images');
  const imageCache = options.smallImages ? 'none' : (options.imageCache ?? 'link');
  if (imageCache !== 'none') {
    await mkdir(join(dir, '.site', 'cache'), { recursive: true });
    if (imageCache === 'link') {
      await mkdir(cache, { recursive: true });
      await symlink(cache, join(dir, '.site', 'cache', 'images'));
    } else if (existsSync(cache)) {
      await cp(cache, join(dir, '.site', 'cache', 'images'), { recursive: true });
    }
  }
  // Social cards are named by everything drawn on them, so every copy shares this repository's:
  // a copy's first build would otherwise draw every card again (issue 23).
  await mkdir(join(dir, '.site', 'cache'), { recursive: true });
  const cards = join(projectRoot, '.site', 'cache', 'cards');
  await mkdir(cards, { recursive: true });
  await symlink(cards, join(dir, '.site', 'cache', 'cards'));
  if (options.smallImages) await shrinkPhotos(join(dir, 'content', 'images'));
  return dir;
}

async function shrinkPhotos(images: string): Promise<void> {
  const photos = (await readdir(images)).filter((name) => /\.(jpe?g|png|webp)$/i.test(name));
  await Promise.all(
    photos.map(async (name) => {
      const path = join(images, name);
      await writeFile(path, await sharp(path).resize({ width: 700, withoutEnlargement: true }).toBuffer());
    }),
  );
}

export const removeProject = (dir: string): Promise<void> => rm(dir, { recursive: true, force: true });

export interface RunResult {
  /** Exit code; null when a signal ended the process. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * `node bin/site.mjs <args>` in the project, as an editor runs it (no colour, production React:
 * vitest's NODE_ENV=test would switch React to its development build). With `killAfterMs`, the
 * whole process group gets SIGKILL at that moment (a kill -9, an OOM kill, a pulled plug: no
 * handler runs), so helper processes such as esbuild's service die with it.
 */
export function runSite(
  dir: string,
  args: string[],
  options: { killAfterMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<RunResult> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(dir, 'bin', 'site.mjs'), ...args], {
    cwd: dir,
    detached: true,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', NODE_OPTIONS: '', NODE_ENV: 'production', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer =
    options.killAfterMs === undefined
      ? undefined
      : setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            // Already gone: the build finished before the kill.
          }
        }, options.killAfterMs);
  return new Promise((resolvePromise, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout, stderr, ms: performance.now() - started });
    });
  });
}
