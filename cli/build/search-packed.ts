import { join } from 'node:path';
import { FolderWriter, type Written } from './folder-writer.ts';
import { languageFiles, type PageSource, type SearchLanguage } from './search-files.ts';
import type { IndexedPage } from './search-records.ts';

const TAB = 9;

/**
 * One language of the search index as sent to the thread that makes its files: its pages in URL
 * order, and where each page's record is (`shown \t terms \n`, as the records memo holds it:
 * cli/build/search-memo.ts): a buffer of the message, and its start and end there.
 */
export interface PackedLanguage extends SearchLanguage {
  places: number[];
}

/** The languages of an index and the buffers their records are in, moved to another thread as they are. */
export interface PackedRecords {
  buffers: ArrayBuffer[];
  languages: PackedLanguage[];
}

/**
 * The languages' records (`record`, by URL) where they are: those in a buffer of `movable` (the
 * render's batches of records, each a buffer of its own: cli/build/search-rendered.ts) stay in it,
 * and that buffer is moved; the others are copied into one buffer. The 14 MB of records at 4,000
 * sources copied were 14 MB more at the build's peak (issue 21). A buffer moved is no longer this
 * thread's: nothing here may read a record after (the records memo is written before).
 */
export function packRecords(
  languages: readonly SearchLanguage[],
  record: (url: string) => Uint8Array,
  movable: ReadonlySet<ArrayBufferLike>,
): PackedRecords {
  const buffers: ArrayBuffer[] = [];
  const places = new Map<ArrayBufferLike, number>();
  const copied: Uint8Array[] = [];
  let copiedSize = 0;
  const COPIED = -1;
  const packed = languages.map(({ language, urls }) => {
    const at: number[] = [];
    for (const url of urls) {
      const bytes = record(url);
      if (movable.has(bytes.buffer)) {
        let buffer = places.get(bytes.buffer);
        if (buffer === undefined) places.set(bytes.buffer, (buffer = buffers.push(bytes.buffer as ArrayBuffer) - 1));
        at.push(buffer, bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      } else {
        copied.push(bytes);
        at.push(COPIED, copiedSize, (copiedSize += bytes.byteLength));
      }
    }
    return { language, urls, places: at };
  });
  if (copied.length) {
    const copy = Buffer.allocUnsafeSlow(copiedSize);
    let end = 0;
    for (const bytes of copied) {
      copy.set(bytes, end);
      end += bytes.byteLength;
    }
    for (const language of packed)
      for (let at = 0; at < language.places.length; at += 3)
        if (language.places[at] === COPIED) language.places[at] = buffers.length;
    buffers.push(copy.buffer as ArrayBuffer);
  }
  return { buffers, languages: packed };
}

/** What the language's files take of each page, from its packed records. */
export function packedSource(packed: PackedLanguage, buffers: readonly ArrayBuffer[]): PageSource {
  const views = buffers.map((buffer) => Buffer.from(buffer));
  const pages = new Map(packed.urls.map((url, at) => [url, at * 3]));
  const record = (url: string) => {
    const at = pages.get(url)!;
    const bytes = views[packed.places[at]!]!;
    const start = packed.places[at + 1]!;
    return { bytes, start, tab: bytes.indexOf(TAB, start), end: packed.places[at + 2]! };
  };
  return {
    shown(url) {
      const { bytes, start, tab } = record(url);
      return bytes.toString('utf8', start, tab);
    },
    terms(url) {
      const { bytes, tab, end } = record(url);
      return JSON.parse(bytes.toString('utf8', tab + 1, end - 1)) as IndexedPage['terms'];
    },
  };
}

/** The files of the search index made elsewhere: what was written, or the file that could not be. */
export type PackedOutcome = Written | { failed: { path: string; code: string } };

/**
 * The languages' files (cli/build/search-files.ts, `languageFiles`) written into `dir` (the
 * index's folder): in a worker of their own, beside the build's last stages on the main thread
 * (the shards' postings and texts and the records files were ~0.3 s of them there, alone, at
 * 4,000 sources; issue 21). A file that cannot be written stops the rest and is told.
 */
export function writePackedFiles(dir: string, { buffers, languages }: PackedRecords): PackedOutcome {
  const writer = new FolderWriter(dir);
  for (const packed of languages)
    for (const file of languageFiles(packed, packedSource(packed, buffers))) {
      try {
        writer.writeSync([file.path], file.content);
      } catch (error) {
        const code = (error as { code?: string }).code ?? String(error);
        return { failed: { path: join(dir, file.path), code } };
      }
    }
  return { files: writer.files, bytes: writer.bytes };
}
