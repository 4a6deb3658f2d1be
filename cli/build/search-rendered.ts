import { isListed } from '../../shared/listing.ts';
import type { PageRoute } from './types.ts';
import { indexedPage, pageRecord } from './search-records.ts';

/**
 * A page's search record made where the page is rendered (a render worker, or this thread), sent
 * with the render's outcome to the search stage: the page's HTML is in memory there, and the
 * search stage need not read 4,100 pages back and tokenise them on one thread after the render.
 * Text (the terms as JSON: a worker's message copies an object of terms key by key), sent as
 * bytes a batch at a time (`RecordBatch`), which the records memo keeps as they are
 * (cli/build/search-pages.ts).
 */
export interface RenderedRecord {
  /** Its title and text as the page records file shows them: `["title","text"]`. */
  shown: string;
  /** Its terms as JSON. */
  terms: string;
}

const SKIPPED_ROUTES = new Set(['login', 'event-signup', 'search', 'registrations']);

/**
 * A page worth finding: each page once at its canonical path (not the /nl copy), only listed
 * pages (no shells, no form results), no status pages, sign-in or sign-up forms, and not the
 * later pages of the news list (their articles are found themselves).
 */
export const isSearchable = (page: PageRoute): boolean =>
  isListed(page) &&
  Boolean(page.alternates) &&
  page.entity.kind !== 'status' &&
  page.entity.kind !== 'listing' &&
  !SKIPPED_ROUTES.has(page.route);

export function renderedRecord(html: string): RenderedRecord {
  const { shown, terms } = indexedPage(pageRecord(html));
  return { shown, terms: JSON.stringify(terms) };
}

/** A record as the records memo's line ends with it, after the file's identity: `shown \t terms \n`. */
const recordText = (record: RenderedRecord): string => `${record.shown}\t${record.terms}\n`;

/** A record's bytes as the records memo's line holds them (`recordText`), UTF-8. */
export const recordBytes = (record: RenderedRecord): Buffer => Buffer.from(recordText(record));

/**
 * The records a batch of the render made, as bytes in one buffer: a render worker's message
 * copies them as one block, and the main thread holds them outside its heap until the search
 * stage makes its memo lines of them. As strings they were ~28 MB of the main thread's heap from
 * the render's end on, at 4,000 sources (issue 21).
 */
export interface RecordBatch {
  bytes: Uint8Array;
  /** Per page: its canonical URL, and where its record (`recordBytes`) ends: it starts where the one before ends. */
  urls: string[];
  ends: number[];
}

export function packRecords(records: ReadonlyArray<readonly [url: string, record: RenderedRecord]>): RecordBatch {
  const texts = records.map(([, record]) => recordText(record));
  const ends: number[] = [];
  let size = 0;
  for (const text of texts) ends.push((size += Buffer.byteLength(text)));
  // A buffer of its own (not a slice of Node's shared pool): the message copies all of it.
  const bytes = Buffer.allocUnsafeSlow(size);
  texts.forEach((text, at) => bytes.write(text, at ? ends[at - 1]! : 0));
  return { bytes, urls: records.map(([url]) => url), ends };
}

/** Each record of `batch` into `records`, by URL: views of the batch's bytes, not copies. */
export function unpackRecords(batch: RecordBatch, records: Map<string, Uint8Array>): void {
  batch.urls.forEach((url, at) => records.set(url, batch.bytes.subarray(at ? batch.ends[at - 1]! : 0, batch.ends[at])));
}
