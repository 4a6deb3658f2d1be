import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { outputFile } from '../../shared/paths.ts';
import { writeAtomic } from '../images/cache.ts';

/** A page of the search index: its URL and language. */
export interface SearchPage {
  url: string;
  locale: string;
}

/** A page as Pagefind reads it: its URL, language and HTML. */
export interface SearchablePage extends SearchPage {
  content: string;
}

/** The pages of an index, and what Pagefind reads of each (searchInput), made when asked. */
export interface SearchSource {
  pages: readonly SearchPage[];
  /** Names a page's search input: the same digest, the same input. */
  digest(page: SearchPage): string;
  input(page: SearchPage): string;
}

/**
 * What Pagefind reads of a page: its <html> tag (the language), <title> and <main>. With
 * rootSelector 'main' it reads nothing else, and the header, footer and head are three quarters
 * of a page's bytes: the same index (tests/found/found.test.ts) for a third less of its time.
 */
export function searchInput(html: string): string {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  const opening = /<html[^>]*>/.exec(html)?.[0];
  const title = /<title>[^<]*<\/title>/.exec(html)?.[0] ?? '';
  if (start < 0 || end < start || !opening) return html;
  return `<!doctype html>${opening}<head>${title}</head><body>${html.slice(start, end + '</main>'.length)}</body></html>`;
}

const digestOf = (input: string) => createHash('sha256').update(input).digest('base64url');

/** Pages held in memory (site dev's renderings): each cut once. */
export function pagesInMemory(pages: readonly SearchablePage[]): SearchSource {
  const inputs = new Map(pages.map((page) => [page.url, searchInput(page.content)]));
  const input = (page: SearchPage) => inputs.get(page.url)!;
  return { pages, input, digest: (page) => digestOf(input(page)) };
}

/** Remembered digests, by page file: [the file's identity, the digest of its search input]. */
type Remembered = Record<string, [string, string]>;

/**
 * The pages as the build wrote them into `dir` (public/). Each page's digest is remembered in
 * `memo` with the identity of its file (device, inode, size, modification time): a page the next
 * build links unchanged from this one is the same file, and its digest needs no read. An edit
 * reads its rendered pages and the pages of their shards, not the whole site (4,100 pages read
 * and hashed were most of a one-edit build's search stage). Synchronous reads: about a third of
 * the CPU of promise-based ones for files this small, and the stage has nothing else to do.
 */
export class PagesOnDisk implements SearchSource {
  private readonly now: Remembered = {};
  private readonly kept = new Map<string, string>();
  /** Page files read so far. */
  reads = 0;

  private constructor(
    readonly pages: readonly SearchPage[],
    private readonly dir: string,
    private readonly memo: string,
    private readonly known: Remembered,
  ) {}

  static async open(pages: readonly SearchPage[], dir: string, memo: string): Promise<PagesOnDisk> {
    const known = await readFile(memo, 'utf8').then(
      (text) => JSON.parse(text) as Remembered,
      () => ({}), // none yet, or unreadable: every page is read
    );
    return new PagesOnDisk(pages, dir, memo, known);
  }

  digest(page: SearchPage): string {
    const file = outputFile(page.url);
    const { dev, ino, size, mtimeNs } = statSync(join(this.dir, file), { bigint: true });
    const identity = `${dev}:${ino}:${size}:${mtimeNs}`;
    let entry = this.known[file];
    if (entry?.[0] !== identity) {
      const input = this.read(file);
      this.kept.set(file, input); // Pagefind may need it next
      entry = [identity, digestOf(input)];
    }
    this.now[file] = entry;
    return entry[1];
  }

  input(page: SearchPage): string {
    const file = outputFile(page.url);
    const kept = this.kept.get(file);
    this.kept.delete(file);
    return kept ?? this.read(file);
  }

  /** Remembers this build's pages (only them: the memo does not grow with pages gone). */
  async save(): Promise<void> {
    const known = Object.keys(this.known);
    const same =
      known.length === Object.keys(this.now).length && known.every((file) => this.now[file] === this.known[file]);
    if (same) return;
    await mkdir(dirname(this.memo), { recursive: true });
    await writeAtomic(this.memo, JSON.stringify(this.now));
  }

  private read(file: string): string {
    this.reads += 1;
    return searchInput(readFileSync(join(this.dir, file), 'utf8'));
  }
}
