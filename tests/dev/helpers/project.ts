import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { copyProject as copyProjectFolder } from '../../helpers/project-copy.ts';

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
 * A throwaway copy of the project to edit under a running `site dev`, with a private copy of the
 * image cache (encoding every image from scratch takes a minute).
 */
export async function copyProject(): Promise<ProjectCopy> {
  const root = await copyProjectFolder({ imageCache: 'copy' });
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
