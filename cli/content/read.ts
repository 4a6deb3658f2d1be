import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';

export interface SourceFile {
  /** Path relative to the project root, with forward slashes: what errors show. */
  path: string;
  text: string;
}

export interface ContentFiles {
  files: SourceFile[];
  /** Image names (file name without extension) to their project-relative file. */
  images: Map<string, string>;
}

const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.svg', '.avif']);
const TEXT_EXTENSIONS = new Set(['.md', '.yaml', '.yml']);

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))),
  );
  return nested.flat();
}

/** Everything under content/: text files read, images only listed (the image stage reads them). */
export async function readContent(root: string): Promise<ContentFiles> {
  const all = (await walk(join(root, 'content'))).sort();
  const toProject = (path: string) => relative(root, path).split(sep).join('/');
  const images = new Map<string, string>();
  const textPaths: string[] = [];
  for (const path of all) {
    const extension = extname(path).toLowerCase();
    if (IMAGE_EXTENSIONS.has(extension) && toProject(path).startsWith('content/images/')) {
      images.set(path.slice(path.lastIndexOf(sep) + 1, -extension.length), toProject(path));
    } else if (TEXT_EXTENSIONS.has(extension)) {
      textPaths.push(path);
    }
  }
  const files = await Promise.all(textPaths.map(async (path) => ({ path: toProject(path), text: await readFile(path, 'utf8') })));
  return { files, images };
}
