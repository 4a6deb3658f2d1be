import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentEntry, readContent, type ContentFiles, type SourceFile } from '../../content/read.ts';
import { FOCUS_FILE } from '../../images/focus-path.ts';
import type { ChangeSet } from './changes.ts';

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** What a batch did to the sources: whether everything must be checked again, the texts changed, whether images did. */
export interface Read {
  full: boolean;
  texts: string[];
  images: boolean;
}

/** What one changed path did to the sources. */
export type SourceChange =
  | { kind: 'text'; path: string; existed: boolean; exists: boolean }
  | { kind: 'image'; name: string; existed: boolean; exists: boolean }
  | { kind: 'none' };

/**
 * The text of every content file, held in memory between rebuilds so a save re-reads one file,
 * not 8,000. Images are only listed, as readContent does (the image stage reads them).
 */
export class Sources {
  private readonly root: string;
  private files = new Map<string, SourceFile>();
  private images = new Map<string, string>();
  /** The sorted view validateContent takes; rebuilt only after a change. */
  private view: ContentFiles | undefined;

  private constructor(root: string) {
    this.root = root;
  }

  static async load(root: string): Promise<Sources> {
    const sources = new Sources(root);
    await sources.rescan();
    return sources;
  }

  /** Sources of content/ read already (`site build`'s load stage, ../pipeline.ts). */
  static of(root: string, content: ContentFiles): Sources {
    const sources = new Sources(root);
    sources.set(content);
    return sources;
  }

  /** Read content/ again from scratch: after a folder was added, removed or renamed. */
  async rescan(): Promise<void> {
    this.set(await readContent(this.root));
  }

  private set(content: ContentFiles): void {
    this.files = new Map(content.files.map((file) => [file.path, file]));
    this.images = content.images;
    this.view = undefined;
  }

  /** Take a batch's content files in (the config read again checks everything again). */
  async take(changes: ChangeSet, configChanged: boolean): Promise<Read> {
    let full = configChanged || changes.rescanContent;
    let images = false;
    const texts: string[] = [];
    if (changes.rescanContent) await this.rescan();
    else {
      for (const path of changes.content) {
        const change = await this.update(path);
        if (change.kind === 'image') {
          images = true;
          if (change.existed !== change.exists) full = true; // a name came or went: references change
        } else if (change.kind === 'text') {
          if (change.path === FOCUS_FILE) images = true; // the focal points: every crop is made again
          if (!change.existed || !change.exists) full = true;
          texts.push(change.path);
        }
      }
    }
    return { full: full || texts.length > 1, texts, images: images || changes.rescanContent };
  }

  text(path: string): string | undefined {
    return this.files.get(path)?.text;
  }

  /** Take in one file (project-relative path) as it is on disk now: changed, added or gone. */
  async update(path: string): Promise<SourceChange> {
    const entry = contentEntry(path);
    if (!entry) return { kind: 'none' };
    if (entry.kind === 'image') {
      const existed = this.images.get(entry.name) === path;
      const exists = await readFile(join(this.root, path)).then(
        () => true,
        () => false,
      );
      if (!existed && !exists) return { kind: 'none' }; // gone before it was seen: nothing happened
      if (exists) this.images.set(entry.name, path);
      else if (existed) this.images.delete(entry.name);
      this.view = undefined;
      return { kind: 'image', name: entry.name, existed, exists };
    }
    const existed = this.files.has(path);
    // Read at once, not on the thread pool: a saved file is small, and a busy machine makes each
    // asynchronous hop cost milliseconds of the save's time to reload.
    const text = readText(join(this.root, path));
    if (text === undefined && !existed) return { kind: 'none' }; // told twice that it is gone
    if (text === undefined) this.files.delete(path);
    else if (text === this.files.get(path)?.text)
      return { kind: 'none' }; // touched, not changed
    else this.files.set(path, { path, text });
    this.view = undefined;
    return { kind: 'text', path, existed, exists: text !== undefined };
  }

  /** Image names to their files, without building the sorted file list contentFiles() makes. */
  imageFiles(): ReadonlyMap<string, string> {
    return this.images;
  }

  contentFiles(): ContentFiles {
    this.view ??= {
      files: [...this.files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
      images: new Map(this.images),
    };
    return this.view;
  }
}
