import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PageRoute } from '../routes/types.ts';
import { SEARCH_FOLDER } from '../../shared/search-words.ts';
import { problem, SiteError } from '../errors/site-error.ts';
import { writeAtomicSync } from '../images/cache.ts';
import { toolStamp } from './build-state.ts';
import type { FolderWriter } from './folder-writer.ts';
import { languageFiles, type SearchFile, type SearchLanguage, searchLanguages } from './search-files.ts';
import { type PackedOutcome, type PackedRecords, packRecords } from './search-packed.ts';
import { PagesOnDisk } from './search-pages.ts';
import { isSearchable } from './search-rendered.ts';
import { type PatchSource, patchedLanguage } from './search-patch.ts';

export { SEARCH_FOLDER };

/** Beside the other caches: the records of the last build's pages (a folder: cli/build/search-memo.ts), and where its index is. */
const RECORDS_MEMO = 'search-records';
const INDEX_MEMO = 'search-index.json';
/** Pages changed at most for an index mended from the last one; more, and it is made whole. */
const MOST_PATCHED = 64;

/** Whether a build that rendered this many searchable pages makes its index whole (a worker for its files pays off). */
export const madeWhole = (rendered: number): boolean => rendered > MOST_PATCHED;

/** Writes a whole index's files into `dir` in another thread (cli/build/search-packed.ts), its records' buffers moved there. */
export type WriteElsewhere = (dir: string, records: PackedRecords) => Promise<PackedOutcome>;

/** Where the last build's index is: its public/ folder, the tool that made it, its pages (a digest of each language's URLs in order), and the records memo it was made from. */
interface IndexMemo {
  folder: string;
  tool: string;
  pages: string;
  records: string;
}

export interface SearchIndexTotals {
  /** Pages in the index, and the languages it is split into. */
  pages: number;
  languages: string[];
  files: number;
  /** Pages tokenised now (rendered by this build, or read back): those an earlier build did not leave as they are. */
  tokenised: number;
  /** Of those, the pages read back from their files (their render made no record: none in a build that rendered them). */
  readBack: number;
  /** Files of the last build's index linked as they are (an index mended, not made whole). */
  kept: number;
}

/** The pages of the index (cli/build/search-rendered.ts says which). */
export const searchablePages = (pages: readonly PageRoute[]): PageRoute[] => pages.filter(isSearchable);

/** The index memo of the last build, if there is one that reads. */
function lastIndexMemo(path: string): IndexMemo | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as IndexMemo;
  } catch {
    return undefined;
  }
}

const gone = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/** A file of the index that could not be written or linked, told as what it is. */
const writeFailure = (error: unknown, path: string) =>
  new SiteError([
    problem('SEARCH_INDEX_FAILED', { path, problem: (error as { code?: string }).code ?? String(error) }),
  ]);

/**
 * The last build's index (in `lastIndex`) mended for the `changed` pages (cli/build/search-patch.ts):
 * the files that stay are linked into `target` now, those to write returned. Undefined when the
 * last build's folder went meanwhile (a build beside this one pruned it): nothing is left linked.
 */
async function mend(
  target: FolderWriter,
  languages: readonly SearchLanguage[],
  changed: ReadonlySet<string>,
  lastIndex: string,
  source: PatchSource,
): Promise<{ write: SearchFile[]; kept: number } | undefined> {
  try {
    const patches = languages.map((language) =>
      patchedLanguage(
        language,
        language.urls.filter((url) => changed.has(url)),
        lastIndex,
        source,
      ),
    );
    await target.publish(
      patches.flatMap(({ keep }) => keep.map((path) => ({ source: join(lastIndex, path), path, bytes: 0 }))),
    );
    return {
      write: patches.flatMap((patch) => patch.write),
      kept: patches.reduce((sum, patch) => sum + patch.keep.length, 0),
    };
  } catch (error) {
    if (gone(error)) return undefined;
    const { dest, path } = error as { dest?: string; path?: string };
    throw writeFailure(error, dest ?? path ?? target.dir);
  }
}

interface SearchIndexOptions {
  /** The build's public/ folder: the pages are read from it, the index written through it. */
  output: FolderWriter;
  pages: readonly PageRoute[];
  /**
   * The records of the pages this build rendered, by canonical URL (cli/build/search-rendered.ts);
   * the others are read back. Each is taken out once its memo line is made. With `elsewhere`, a
   * buffer they are views of, larger than Node's pool of small buffers, is the records' alone (the
   * render's batches: unpackRecords), and may be moved to the other thread.
   */
  rendered?: Map<string, Uint8Array>;
  /** The public/ folder of the last build, which the pages not rendered now were linked from. */
  linkedFrom?: string;
  cacheDir: string;
  /** Where a whole index's files are made, if not in this thread: they need no more of it than the records. */
  elsewhere?: WriteElsewhere;
}

/**
 * The search index of the pages as written into the build's public/ folder, under /search/
 * (cli/build/search-files.ts). A page whose file is not the one an earlier build recorded has the
 * record its render made (`rendered`), else is read and tokenised (cli/build/search-pages.ts). When the last build's index is there, of the
 * same pages, and few of them changed, it is mended (cli/build/search-patch.ts): the files those
 * pages are not in are linked from it. Otherwise the index is made whole from the records.
 * Synchronous past the tool's stamp: the stage's few milliseconds of files in an edit build are not
 * spread over the other stages' turns of the event loop (its 14 MB memo was read in 28 of them).
 * An index made whole has its files made `elsewhere` when given (a worker: the build's other
 * stages go on here meanwhile), its records sent there, and the stage ends when they are written.
 */
export async function buildSearchIndex(options: SearchIndexOptions): Promise<SearchIndexTotals> {
  const index = indexFiles(options, await toolStamp());
  // The records are held no longer (indexFiles returned) while the files made elsewhere are awaited.
  const { totals, memo } = await index;
  let { files } = totals;
  if (memo.elsewhere) {
    const outcome = await memo.elsewhere;
    if ('failed' in outcome) throw writeFailure({ code: outcome.failed.code }, outcome.failed.path);
    options.output.under(SEARCH_FOLDER).add(outcome);
    files += outcome.files;
  }
  writeAtomicSync(memo.path, memo.text);
  return { ...totals, files };
}

/**
 * The index's files written, or sent to be written (`elsewhere`), and the records memo saved:
 * the totals, and the index memo to write once the files are there.
 */
async function indexFiles(
  options: SearchIndexOptions,
  tool: string,
): Promise<{ totals: SearchIndexTotals; memo: { path: string; text: string; elsewhere?: Promise<PackedOutcome> } }> {
  const pages = searchablePages(options.pages).map((page) => ({ url: page.canonical, locale: page.locale }));
  const source = PagesOnDisk.open(options.output.dir, join(options.cacheDir, RECORDS_MEMO), tool);
  const indexMemo = join(options.cacheDir, INDEX_MEMO);
  const last = lastIndexMemo(indexMemo);
  const languages = searchLanguages(pages);
  const list = createHash('sha256').update(JSON.stringify(languages)).digest('base64url');
  // The memo describes the files the pages not rendered now were linked from: their lines hold as they are.
  const linked =
    last?.tool === tool &&
    last.records === source.token &&
    options.linkedFrom !== undefined &&
    last.folder === options.linkedFrom;
  const movable = new Set<ArrayBufferLike>();
  if (options.elsewhere)
    for (const record of options.rendered?.values() ?? [])
      if (record.buffer.byteLength > Buffer.poolSize) movable.add(record.buffer);
  const changed = source.changedPages(pages, options.rendered, { linked, samePages: linked && last.pages === list });
  const lastIndex = last && join(last.folder, SEARCH_FOLDER);
  const mendable =
    last?.tool === tool &&
    last.pages === list &&
    last.records === source.token &&
    changed.size <= MOST_PATCHED &&
    // A changed page's terms before are what its mend takes out (a shard of the memo lost: made whole).
    [...changed].every((url) => source.remembers(url)) &&
    existsSync(lastIndex!);
  // The index memo names an index made from the records memo as it is: gone while that changes.
  rmSync(indexMemo, { force: true });
  const target = options.output.under(SEARCH_FOLDER);
  let files = 0;
  let kept = 0;
  const write = (made: Iterable<SearchFile>) => {
    for (const file of made) {
      try {
        target.writeSync([file.path], file.content);
      } catch (error) {
        throw writeFailure(error, join(target.dir, file.path));
      }
      files += 1;
    }
  };
  const mended = mendable && (await mend(target, languages, changed, lastIndex!, source));
  if (mended) {
    write(mended.write);
    kept = mended.kept;
    files += kept;
  } else if (!options.elsewhere) for (const language of languages) write(languageFiles(language, source));
  // Each page's record asked for before the memo is written (a line it lacked is made then), sent after.
  const packed = !mended && options.elsewhere && packRecords(languages, (url) => source.record(url), movable);
  source.save();
  // The buffers moved are no longer this thread's: nothing reads a record from here on.
  const elsewhere = packed ? options.elsewhere?.(target.dir, packed) : undefined;
  return {
    totals: {
      pages: pages.length,
      languages: languages.map((language) => language.language),
      files,
      tokenised: source.tokenised,
      readBack: source.reads,
      kept,
    },
    memo: {
      path: indexMemo,
      text: JSON.stringify({
        folder: options.output.dir,
        tool,
        pages: list,
        records: source.token ?? '',
      } satisfies IndexMemo),
      ...(elsewhere ? { elsewhere } : {}),
    },
  };
}
