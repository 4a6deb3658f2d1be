import { type Dirent, readFileSync, readdirSync } from 'node:fs';

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

/**
 * Every file under the project's `dir`, project-relative with forward slashes; hidden names left
 * out. Synchronous: content/ is a dozen folders, and a promise for each was most of the listing.
 */
function walk(root: string, dir: string, into: string[]): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(`${root}/${dir}`, { withFileTypes: true });
  } catch {
    return into;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) walk(root, path, into);
    else into.push(path);
  }
  return into;
}

/**
 * What readContent makes of a project-relative path (forward slashes): a text file, an image
 * (by name), or nothing. Exported so `site dev` can take in one changed file by the same rules.
 */
export function contentEntry(projectPath: string): { kind: 'text' } | { kind: 'image'; name: string } | undefined {
  // A hidden part ("/." after content/), and the extension as path.extname finds it: the load stage
  // asks this of every file of the site (issue 21).
  if (!projectPath.startsWith('content/') || projectPath.includes('/.')) return undefined;
  const dot = projectPath.lastIndexOf('.');
  const extension = dot > projectPath.lastIndexOf('/') + 1 ? projectPath.slice(dot).toLowerCase() : '';
  if (IMAGE_EXTENSIONS.has(extension) && projectPath.startsWith('content/images/')) {
    return { kind: 'image', name: projectPath.slice(projectPath.lastIndexOf('/') + 1, -extension.length) };
  }
  return TEXT_EXTENSIONS.has(extension) ? { kind: 'text' } : undefined;
}

/** Everything under content/ listed, not read: the text files' paths (sorted), and the images by name. */
export function listContent(root: string): { texts: string[]; images: Map<string, string> } {
  // Paths made project-relative as they are listed: path.relative of 8,000 absolute paths was
  // a tenth of reading 4,000 sources (issue 21).
  const all = walk(root, 'content', []).sort();
  const images = new Map<string, string>();
  const texts: string[] = [];
  for (const path of all) {
    const entry = contentEntry(path);
    if (entry?.kind === 'image') images.set(entry.name, path);
    else if (entry?.kind === 'text') texts.push(path);
  }
  return { texts, images };
}

/**
 * Text files read, synchronously: nothing else runs while the content loads, and for thousands of
 * small files one blocking read each costs a third of a promise's open, stat, read and close.
 */
export const readTexts = (root: string, paths: readonly string[]): SourceFile[] =>
  paths.map((path) => readText(root, path));

// The root is absolute (the commands resolve it) and the path project-relative with forward
// slashes: joined as text, since path.join normalises each of thousands of paths again.
export const readText = (root: string, path: string): SourceFile => ({
  path,
  text: readFileSync(`${root}/${path}`, 'utf8'),
});

/** Everything under content/: text files read, images only listed (the image stage reads them). */
export async function readContent(root: string): Promise<ContentFiles> {
  const { texts, images } = listContent(root);
  return { files: readTexts(root, texts), images };
}
