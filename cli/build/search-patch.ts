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
import { forEachTerm, type IndexedPage } from './search-records.ts';

/** What a patch reads of the pages: each as indexed now, as shown, and its terms in the earlier index. */
export interface PatchSource extends PageSource {
  termsBefore(url: string): IndexedPage['terms'];
}

/** [page, title, body] triples in page order. */
function sortedByPage(list: readonly number[]): number[] {
  const triples: number[][] = [];
  for (let at = 0; at < list.length; at += 3) triples.push(list.slice(at, at + 3));
  return triples.sort((a, b) => a[0]! - b[0]!).flat();
}

/**
 * One language's index made from the earlier build's (in `before`, its search/ folder) when the
 * same pages are in it, in the same order, and only `changed` pages are not as they were: the
 * shards of the terms those pages had or have now are read and mended, their records files made
 * again, the manifest too. The same bytes as the whole index made anew (searchFiles): that index
 * is the same function of the pages. `keep`: the earlier files that stay as they are.
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
  const edits = changed.map((url) => ({ page: pageOf.get(url)!, terms: source.terms(url) }));
  const edited = new Set(edits.map((edit) => edit.page));
  const touched = new Set<string>();
  for (const [at, url] of changed.entries())
    for (const terms of [source.termsBefore(url), edits[at]!.terms])
      forEachTerm(terms, (term) => touched.add(prefixOf(term)));

  const prefixes = new Set(manifest.shards);
  const write: SearchFile[] = [];
  for (const prefix of touched) {
    const postings = new Map<string, number[]>();
    if (prefixes.has(prefix)) {
      const shard = JSON.parse(readFileSync(join(before, shardPath(code, prefix)), 'utf8')) as SearchShard;
      for (const term in shard) {
        const list = shard[term]!;
        const kept: number[] = [];
        for (let at = 0; at < list.length; at += 3)
          if (!edited.has(list[at]!)) kept.push(list[at]!, list[at + 1]!, list[at + 2]!);
        if (kept.length) postings.set(term, kept);
      }
    }
    const added = new Set<string>();
    for (const { page, terms } of edits)
      forEachTerm(terms, (term, title, body) => {
        if (prefixOf(term) !== prefix) return;
        postings.set(term, [...(postings.get(term) ?? []), page, title, body]);
        added.add(term);
      });
    for (const term of added) postings.set(term, sortedByPage(postings.get(term)!));
    if (postings.size) {
      prefixes.add(prefix);
      write.push({ path: shardPath(code, prefix), content: shardContent(postings) });
    } else prefixes.delete(prefix);
  }
  const files = new Set([...edited].map((page) => Math.floor(page / PAGES_PER_FILE)));
  for (const file of files) write.push(recordsFile(language, file, (url) => source.shown(url)));
  write.push(manifestFile(code, language.urls.length, [...prefixes]));

  const written = new Set(write.map((file) => file.path));
  const keep = [...prefixes].map((prefix) => shardPath(code, prefix));
  for (let file = 0; file * PAGES_PER_FILE < language.urls.length; file++) keep.push(recordsPath(code, file));
  return { write, keep: keep.filter((path) => !written.has(path)) };
}
