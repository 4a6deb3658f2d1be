import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** This repository: the tool and the site live together (templates import cli/ helpers). */
export const repo = resolve(import.meta.dirname, '..', '..', '..');

const PARTS = ['bin', 'cli', 'content', 'templates', 'islands', 'functions', 'site.config.yaml', 'package.json'];

export interface ProjectCopy {
  root: string;
  read(path: string): Promise<string>;
  write(path: string, text: string): Promise<void>;
  /** Replace the first match in a file; fails the test if there is none. */
  edit(path: string, from: string | RegExp, to: string): Promise<void>;
  remove(path: string): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * A throwaway copy of the project to edit under a running `site dev`. The image cache comes
 * along when there is one (encoding every image from scratch takes a minute; the cache is keyed
 * by content, so a stale entry is never used), and node_modules is linked.
 */
export async function copyProject(): Promise<ProjectCopy> {
  const root = await mkdtemp(join(tmpdir(), 'site-dev-'));
  await Promise.all(PARTS.map((part) => cp(join(repo, part), join(root, part), { recursive: true })));
  await symlink(join(repo, 'node_modules'), join(root, 'node_modules'));
  const images = join(repo, '.site', 'cache', 'images');
  if (existsSync(images)) {
    await mkdir(join(root, '.site', 'cache'), { recursive: true });
    await cp(images, join(root, '.site', 'cache', 'images'), { recursive: true });
  }
  const at = (path: string) => join(root, path);
  return {
    root,
    read: (path) => readFile(at(path), 'utf8'),
    async write(path, text) {
      await mkdir(dirname(at(path)), { recursive: true });
      await writeFile(at(path), text);
    },
    async edit(path, from, to) {
      const text = await readFile(at(path), 'utf8');
      const next = text.replace(from, to);
      if (next === text) throw new Error(`edit of ${path}: ${String(from)} not found`);
      await writeFile(at(path), next);
    },
    remove: (path) => rm(at(path), { recursive: true, force: true }),
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}
