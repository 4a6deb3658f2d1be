import { type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { toolStamp } from './build-state.ts';
import { ATOM_TAIL, atomHead, atomItem, RSS_TAIL, rssHead, rssItem, type FeedItem } from './feed-xml.ts';
import type { NewsFeed, NewsItem } from './feeds.ts';
import { writeFully, type FolderWriter } from './folder-writer.ts';

/** One feed file: its fixed head and tail around its items' XML. */
interface FeedFile {
  path: string;
  head: string;
  tail: string;
  xml: (item: FeedItem) => string;
  items: NewsItem[];
}

/**
 * The news feeds of a build, each item's XML kept between builds by the digest of what it is made
 * of. The feeds hold every article in full (4 files of 7.5 MB at 4,000 articles): writing them
 * whole cost ~0.2 s of a one-article edit's main thread and 30 MB of strings (issue 21), though
 * an edit changes one item.
 * The file is the same bytes either way: head and tail are written every time, and an item
 * made now is written by the same function as one made before (tests/unit/feed-cache.test.ts).
 *
 * A file and its cache are written in pieces of at most `PIECE` bytes, one buffer reused: the
 * items of a feed held at once (an item a Buffer, 4 feeds in parallel) were 30-60 MB of memory
 * outside the heap that stayed until the next full collection, the build's peak (issue 21).
 *
 * A cache file: the items' XML one after another, then the index (JSON: the tool's stamp and each
 * item's digest and byte length, in order), then the index's length (4 bytes). A file of another
 * tool, cut short or not of this shape is no cache: every item is made again.
 */
export async function writeFeeds(output: FolderWriter, feeds: readonly NewsFeed[], cacheDir: string): Promise<number> {
  const stamp = await toolStamp();
  const files = feeds.flatMap(({ paths, head, items }): FeedFile[] => [
    {
      path: paths.rss,
      head: rssHead(
        head,
        items.some((item) => item.hasContent),
      ),
      tail: RSS_TAIL,
      xml: rssItem,
      items,
    },
    { path: paths.atom, head: atomHead(head), tail: ATOM_TAIL, xml: atomItem, items },
  ]);
  await mkdir(cacheDir, { recursive: true });
  await Promise.all(
    files.map((file) => writeFeed(output, file, join(cacheDir, file.path.slice(1).replaceAll('/', '~')), stamp)),
  );
  return files.length;
}

/** Bytes of a feed gathered before they are written: a piece is filled, written, and filled again. */
export const PIECE = 256 * 1024;

async function writeFeed(output: FolderWriter, file: FeedFile, cacheFile: string, stamp: string): Promise<void> {
  const cached = await openCache(cacheFile, stamp);
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    const digests = file.items.map((item) => item.digest);
    const same = digests.length === cached.items.size && digests.every((digest) => cached.items.has(digest));
    // Written whole and renamed: a killed build never leaves a torn cache file.
    const cache = same ? undefined : await open(temporary, 'w');
    try {
      const lengths: number[] = [];
      await output.writePieces(`public${file.path}`, async (put) => {
        await put(Buffer.from(file.head));
        const pieces = new ItemPieces(put, cache, cached.handle);
        for (const { digest, item } of file.items) {
          const kept = cached.items.get(digest);
          if (kept) await pieces.copy(kept);
          lengths.push(kept ? kept.bytes : await pieces.text(file.xml(item())));
        }
        await pieces.finish();
        await put(Buffer.from(file.tail));
      });
      if (cache) {
        const index = Buffer.from(JSON.stringify({ stamp, items: digests.map((digest, at) => [digest, lengths[at]]) }));
        const size = Buffer.alloc(4);
        size.writeUInt32LE(index.length);
        await writeFully(cache, Buffer.concat([index, size]));
      }
    } finally {
      await cache?.close();
    }
    if (cache) await rename(temporary, cacheFile);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  } finally {
    await cached.handle?.close();
  }
}

interface CachedItem {
  at: number;
  bytes: number;
}

/**
 * Items' bytes gathered in one reused buffer, written to the feed file (and to its new cache file)
 * each time the buffer is full: XML made now, and ranges of the old cache file, copied a run of
 * adjacent items at a time (an edit keeps the items' order: a few reads a file).
 */
class ItemPieces {
  private readonly buffer = Buffer.allocUnsafeSlow(PIECE);
  private used = 0;
  private run: CachedItem | undefined;

  constructor(
    private readonly put: (piece: Uint8Array) => Promise<void>,
    private readonly cache: FileHandle | undefined,
    private readonly from: FileHandle | undefined,
  ) {}

  /** An item made now; its length in bytes. */
  async text(xml: string): Promise<number> {
    await this.copyRun();
    const bytes = Buffer.byteLength(xml);
    if (bytes > PIECE - this.used) await this.flush();
    if (bytes > PIECE) await this.write(Buffer.from(xml));
    else this.used += this.buffer.write(xml, this.used);
    return bytes;
  }

  /** An item of the old cache file: copied with the items after it that follow it there. */
  async copy(item: CachedItem): Promise<void> {
    if (this.run && this.run.at + this.run.bytes === item.at) {
      this.run.bytes += item.bytes;
      return;
    }
    await this.copyRun();
    this.run = { ...item };
  }

  async finish(): Promise<void> {
    await this.copyRun();
    await this.flush();
  }

  private async copyRun(): Promise<void> {
    const run = this.run;
    this.run = undefined;
    if (!run) return;
    for (let at = run.at, end = run.at + run.bytes; at < end; ) {
      if (this.used === PIECE) await this.flush();
      const length = Math.min(PIECE - this.used, end - at);
      const { bytesRead } = await this.from!.read(this.buffer, this.used, length, at);
      if (bytesRead !== length) throw new Error('the feed cache file is shorter than its index says');
      this.used += length;
      at += length;
    }
  }

  private async flush(): Promise<void> {
    if (this.used === 0) return;
    await this.write(this.buffer.subarray(0, this.used));
    this.used = 0;
  }

  private async write(bytes: Uint8Array): Promise<void> {
    await Promise.all([this.put(bytes), this.cache && writeFully(this.cache, bytes)]);
  }
}

/** The cache file of a feed, open, and where each item's bytes are in it; no items when it is not a cache of this tool. */
async function openCache(
  file: string,
  stamp: string,
): Promise<{ handle: FileHandle | undefined; items: Map<string, CachedItem> }> {
  const handle = await open(file, 'r').catch(() => undefined);
  const items = handle ? await readIndex(handle, stamp).catch(() => undefined) : undefined;
  if (items) return { handle, items };
  await handle?.close();
  return { handle: undefined, items: new Map() };
}

/** The items of a cache file by digest, or undefined when it is not a cache of this tool. */
async function readIndex(handle: FileHandle, stamp: string): Promise<Map<string, CachedItem> | undefined> {
  const { size } = await handle.stat();
  if (size < 4) return undefined;
  const read = async (length: number, at: number) => {
    const bytes = Buffer.alloc(length);
    return (await handle.read(bytes, 0, length, at)).bytesRead === length ? bytes : undefined;
  };
  const length = (await read(4, size - 4))?.readUInt32LE(0);
  if (length === undefined || length > size - 4) return undefined;
  const text = (await read(length, size - 4 - length))?.toString('utf8');
  let index: unknown;
  try {
    index = JSON.parse(text ?? '');
  } catch {
    return undefined;
  }
  const entries = (index as { items?: unknown } | null)?.items;
  if ((index as { stamp?: unknown } | null)?.stamp !== stamp || !Array.isArray(entries)) return undefined;
  const items = new Map<string, CachedItem>();
  let at = 0;
  for (const entry of entries) {
    const [digest, bytes] = Array.isArray(entry) ? entry : [];
    if (typeof digest !== 'string' || !Number.isInteger(bytes) || bytes < 0) return undefined;
    items.set(digest, { at, bytes });
    at += bytes;
  }
  return at === size - 4 - length ? items : undefined;
}
