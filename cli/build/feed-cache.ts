import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { toolStamp } from './build-state.ts';
import { ATOM_TAIL, atomHead, atomItem, RSS_TAIL, rssHead, rssItem, type FeedItem } from './feed-xml.ts';
import type { NewsFeed } from './feeds.ts';
import { writeContents, type FolderWriter } from './folder-writer.ts';

/**
 * The news feeds of a build, each item's XML kept between builds by the digest of what it is made
 * of. The feeds hold every article in full (4 files of 7.5 MB at 4,000 articles): writing them
 * whole cost ~0.2 s of a one-article edit's main thread and 30 MB of strings (issue 21), though
 * an edit changes one item.
 * The file is the same bytes either way: head and tail are written every time, and an item
 * made now is written by the same function as one made before (tests/unit/feed-cache.test.ts).
 *
 * A cache file: the length of its index (4 bytes), the index (JSON: the tool's stamp and each
 * item's digest and byte length, in order), then the items' XML one after another. A file of
 * another tool, cut short or not of this shape is no cache: every item is made again.
 */
export async function writeFeeds(output: FolderWriter, feeds: readonly NewsFeed[], cacheDir: string): Promise<number> {
  const stamp = await toolStamp();
  const files = feeds.flatMap(({ paths, head, items }) => [
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
    files.map(async ({ path, head, tail, xml, items }) => {
      const cacheFile = join(cacheDir, path.slice(1).replaceAll('/', '~'));
      const cached = await readCache(cacheFile, stamp);
      const made = (item: FeedItem) => Buffer.from(xml(item));
      const chunks = items.map(({ digest, item }) => cached.get(digest) ?? made(item()));
      // Written as chunks (one writev), not joined first: a feed of 4,000 items is 7.5 MB.
      await output.write(`public${path}`, [Buffer.from(head), ...chunks, Buffer.from(tail)]);
      const digests = items.map((item) => item.digest);
      if (digests.length !== cached.size || digests.some((digest) => !cached.has(digest)))
        await writeCache(cacheFile, stamp, digests, chunks);
    }),
  );
  return files.length;
}

async function readCache(file: string, stamp: string): Promise<Map<string, Buffer>> {
  const data = await readFile(file).catch(() => undefined);
  const items = new Map<string, Buffer>();
  if (!data || data.length < 4) return items;
  const size = data.readUInt32LE(0);
  let index: unknown;
  try {
    index = JSON.parse(data.toString('utf8', 4, 4 + size));
  } catch {
    return items;
  }
  const entries = (index as { stamp?: unknown; items?: unknown }).items;
  if ((index as { stamp?: unknown }).stamp !== stamp || !Array.isArray(entries)) return items;
  let at = 4 + size;
  for (const entry of entries) {
    const [digest, bytes] = Array.isArray(entry) ? entry : [];
    if (typeof digest !== 'string' || !Number.isInteger(bytes) || bytes < 0) return new Map();
    items.set(digest, data.subarray(at, at + bytes));
    at += bytes;
  }
  return at === data.length ? items : new Map();
}

/** Written whole and renamed: a killed build never leaves a torn cache file. */
async function writeCache(file: string, stamp: string, digests: string[], chunks: Buffer[]): Promise<void> {
  const index = Buffer.from(
    JSON.stringify({ stamp, items: digests.map((digest, at) => [digest, chunks[at]!.length]) }),
  );
  const size = Buffer.alloc(4);
  size.writeUInt32LE(index.length);
  await writeContents(`${file}.${process.pid}.tmp`, [size, index, ...chunks]);
  await rename(`${file}.${process.pid}.tmp`, file);
}
