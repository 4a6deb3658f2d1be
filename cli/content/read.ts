import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';

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

/** Every file under the project's `dir`, project-relative with forward slashes; hidden names left out. */
async function walk(root: string, dir: string): Promise<string[]> {
  const entries = await readdir(join(root, dir), { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const path = `${dir}/${entry.name}`;
        return entry.isDirectory() ? walk(root, path) : Promise.resolve([path]);
      }),
  );
  return nested.flat();
}

/**
 * What readContent makes of a project-relative path (forward slashes): a text file, an image
 * (by name), or nothing. Exported so `site dev` can take in one changed file by the same rules.
 */
export function contentEntry(projectPath: string): { kind: 'text' } | { kind: 'image'; name: string } | undefined {
  if (!projectPath.startsWith('content/') || projectPath.split('/').some((part) => part.startsWith('.')))
    return undefined;
  const extension = extname(projectPath).toLowerCase();
  if (IMAGE_EXTENSIONS.has(extension) && projectPath.startsWith('content/images/')) {
    return { kind: 'image', name: projectPath.slice(projectPath.lastIndexOf('/') + 1, -extension.length) };
  }
  return TEXT_EXTENSIONS.has(extension) ? { kind: 'text' } : undefined;
}

/** Everything under content/: text files read, images only listed (the image stage reads them). */
export async function readContent(root: string): Promise<ContentFiles> {
  // Paths made project-relative as they are listed: path.relative of 8,000 absolute paths was
  // a tenth of reading 4,000 sources (issue 21).
  const all = (await walk(root, 'content')).sort();
  const images = new Map<string, string>();
  const textPaths: string[] = [];
  for (const path of all) {
    const entry = contentEntry(path);
    if (entry?.kind === 'image') images.set(entry.name, path);
    else if (entry?.kind === 'text') textPaths.push(path);
  }
  // Synchronous reads: nothing else runs while the content loads, and for thousands of small
  // files one blocking read each costs a third of a promise's open, stat, read and close.
  const files = textPaths.map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
  return { files, images };
}
