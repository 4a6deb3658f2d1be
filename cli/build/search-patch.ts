import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  manifestPath,
  PAGES_PER_FILE,
  recordsPath,
  type SearchManifest,
  type SearchShard,
  shardPath,
} from '../../shared/search-words.ts';
import {
  manifestFile,
  type PageSource,
  prefixOf,
  recordsFile,
  type SearchFile,
  type SearchLanguage,
  shardContent,
} from './search-files.ts';
import { forEachTerm, type IndexedPage, type TermCounts } from './search-records.ts';

/** What a patch reads of the pages: each as indexed now, as shown, and its terms in the earlier index. */
export interface PatchSource extends PageSource {
  termsBefore(url: string): IndexedPage['terms'];
}

/** A page's counts of a term now: [title, body], or none when the page no longer has it. */
interface TermEdit {
  page: number;
  counts: [] | [title: number, body: number];
}

/** The terms of a page whose counts are not what they were (a title edit: the title's words), each with its counts now. */
function changedTerms(before: TermCounts, now: TermCounts): Map<string, TermEdit['counts']> {
  const was = new Map<string, [number, number]>();
  forEachTerm(before, (term, title, body) => was.set(term, [title, body]));
  const changes = new Map<string, TermEdit['counts']>();
  forEachTerm(now, (term, title, body) => {
    const counts = was.get(term);
    was.delete(term);
    if (!counts || counts[0] !== title || counts[1] !== body) changes.set(term, [title, body]);
  });
  for (const term of was.keys()) changes.set(term, []);
  return changes;
}

/** A term's postings ([page, title, body, ...] in page order) with the edited pages' triples put in, replaced or taken out. */
function mendedPostings(list: readonly number[], edits: readonly TermEdit[]): number[] {
  const edited = new Set(edits.map((edit) => edit.page));
  const added = edits.filter((edit) => edit.counts.length > 0).sort((a, b) => a.page - b.page);
  const mended: number[] = [];
  let next = 0;
  const addUpTo = (page: number) => {
    for (; next < added.length && added[next]!.page < page; next++)
      mended.push(added[next]!.page, ...added[next]!.counts);
  };
  for (let at = 0; at < list.length; at += 3) {
    addUpTo(list[at]!);
    if (!edited.has(list[at]!)) mended.push(list[at]!, list[at + 1]!, list[at + 2]!);
  }
  addUpTo(Number.POSITIVE_INFINITY);
  return mended;
}

/**
 * One language's index made from the earlier build's (in `before`, its search/ folder) when the
 * same pages are in it, in the same order, and only `changed` pages are not as they were: of those
 * pages, only the terms whose counts changed are mended (an edited title: the old and new title's
 * words), in their shards only; the changed pages' records files are made again, the manifest too.
 * The same bytes as the whole index made anew (searchFiles): that index is the same function of
 * the pages. A shard per term of the page (about 140 for an article) was 0.2 s of a title edit at
 * 4,000 pages (issue 21). `keep`: the earlier files that stay as they are.
 */
export function patchedLanguage(
  language: SearchLanguage,
  changed: readonly string[],
  before: string,
  source: PatchSource,
): { write: SearchFile[]; keep: string[] } {
  const code = language.language;
  const manifest = JSON.parse(readFileSync(join(before, manifestPath(code)), 'utf8')) as SearchManifest;
  const pageOf = new Map(language.urls.map((url, page) => [url, page]));
  const edited = changed.map((url) => pageOf.get(url)!);
  /** Terms to mend by shard, each with the edited pages' counts now. */
  const shards = new Map<string, Map<string, TermEdit[]>>();
  for (const [at, url] of changed.entries())
    for (const [term, counts] of changedTerms(source.termsBefore(url), source.terms(url))) {
      const prefix = prefixOf(term);
      if (!shards.has(prefix)) shards.set(prefix, new Map());
      const terms = shards.get(prefix)!;
      terms.set(term, [...(terms.get(term) ?? []), { page: edited[at]!, counts }]);
    }

  const prefixes = new Set(manifest.shards);
  const write: SearchFile[] = [];
  for (const [prefix, terms] of shards) {
    const postings = new Map<string, number[]>(
      prefixes.has(prefix)
        ? Object.entries(JSON.parse(readFileSync(join(before, shardPath(code, prefix)), 'utf8')) as SearchShard)
        : [],
    );
    for (const [term, edits] of terms) {
      const list = mendedPostings(postings.get(term) ?? [], edits);
      if (list.length) postings.set(term, list);
      else postings.delete(term);
    }
    if (postings.size) {
      prefixes.add(prefix);
      write.push({ path: shardPath(code, prefix), content: shardContent(postings) });
    } else prefixes.delete(prefix);
  }
  const files = new Set(edited.map((page) => Math.floor(page / PAGES_PER_FILE)));
  for (const file of files) write.push(recordsFile(language, file, (url) => source.shown(url)));
  write.push(manifestFile(code, language.urls.length, [...prefixes]));

  const written = new Set(write.map((file) => file.path));
  const keep = [...prefixes].map((prefix) => shardPath(code, prefix));
  for (let file = 0; file * PAGES_PER_FILE < language.urls.length; file++) keep.push(recordsPath(code, file));
  return { write, keep: keep.filter((path) => !written.has(path)) };
}
