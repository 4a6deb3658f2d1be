/**
 * A build writes the news feeds through a cache of each item's XML (cli/build/feed-cache.ts): the
 * files must be, to the byte, what the whole feed written at once (rss2, atom1) is, whatever the
 * cache holds: nothing, the items of an earlier version of the news, or a file cut short.
 */
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { PIECE, writeFeeds } from '../../cli/build/feed-cache.ts';
import { atom1, rss2, type FeedHead, type FeedItem } from '../../cli/build/feed-xml.ts';
import type { NewsFeed } from '../../cli/build/feeds.ts';
import { FolderWriter } from '../../cli/build/folder-writer.ts';

const site = 'https://club.example';
// The feed's own fields are written fresh every build: the cache is about its items.
const head: FeedHead = {
  title: 'Club: Nieuws',
  link: `${site}/nieuws`,
  self: { rss: `${site}/nieuws/rss.xml`, atom: `${site}/nieuws/atom.xml` },
  updated: new Date('2026-11-09T23:00:00Z'),
  language: 'nl',
  favicon: `${site}/favicon.svg`,
  author: { name: 'Club', link: site },
  generator: 'Club',
  rights: '© Club',
};

const article = (n: number, title = `Artikel ${n} ]]> & co`): FeedItem => ({
  title,
  link: `${site}/nieuws/${n}-artikel`,
  date: new Date(Date.UTC(2026, 10, n)),
  summary: `Samenvatting ${n}: ü €`,
  content: `<p>Tekst van artikel ${n}, <a href="${site}/">thuis</a> ]]> ü</p>`,
  ...(n % 2 ? { image: `${site}/images/${n}.1024.webp`, author: 'Sanne' } : {}),
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'feed-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes the feed of `items` into a fresh folder; returns both files and the items made now (not from the cache). */
async function build(items: FeedItem[], name: string) {
  const made: string[] = [];
  const feed: NewsFeed = {
    paths: { rss: '/nieuws/rss.xml', atom: '/nieuws/atom.xml' },
    head,
    items: items.map((item) => ({
      digest: JSON.stringify(item),
      hasContent: item.content !== '',
      item: () => (made.push(item.link), item),
    })),
  };
  const out = join(dir, name);
  expect(await writeFeeds(new FolderWriter(out), [feed], join(dir, 'cache'))).toBe(2);
  const read = (file: string) => readFile(join(out, 'public/nieuws', file), 'utf8');
  return { rss: await read('rss.xml'), atom: await read('atom.xml'), made: new Set(made) };
}

const whole = (items: FeedItem[]) => ({ rss: rss2({ ...head, items }), atom: atom1({ ...head, items }) });

describe('news feeds written through the item cache', () => {
  const first = [3, 2, 1].map((n) => article(n));

  test('an edit makes only the edited item again, and the files are the whole feed written at once', async () => {
    const cold = await build(first, 'cold');
    expect({ rss: cold.rss, atom: cold.atom }).toEqual(whole(first));
    expect(cold.made.size).toBe(3);

    // One title edited, one article added, one removed, the rest in another order.
    const edited = [article(4), article(1), article(3, 'Nieuwe titel')];
    const again = await build(edited, 'edit');
    expect({ rss: again.rss, atom: again.atom }).toEqual(whole(edited));
    expect([...again.made]).toEqual([edited[0]!.link, edited[2]!.link]);

    const unchanged = await build(edited, 'unchanged');
    expect({ rss: unchanged.rss, atom: unchanged.atom }).toEqual(whole(edited));
    expect(unchanged.made.size).toBe(0);
  });

  test('a cache file cut short, of another tool or of another shape is no cache: every item is made again, the same bytes', async () => {
    await build(first, 'cold');
    const cacheFile = join(dir, 'cache', 'nieuws~rss.xml');
    await truncate(cacheFile, (await readFile(cacheFile)).length - 1);
    const cut = await build(first, 'cut');
    expect(cut.rss).toBe(whole(first).rss);
    expect(cut.made.size).toBe(3);

    // Written by another build of the tool (another stamp), which may write items otherwise.
    const data = await readFile(cacheFile);
    const size = data.readUInt32LE(data.length - 4);
    const items = data.subarray(0, data.length - 4 - size);
    const index = JSON.parse(data.toString('utf8', items.length, data.length - 4)) as { stamp: string };
    const other = Buffer.from(JSON.stringify({ ...index, stamp: `${index.stamp}-older` }));
    const length = Buffer.alloc(4);
    length.writeUInt32LE(other.length);
    await writeFile(cacheFile, Buffer.concat([items, other, length]));
    const older = await build(first, 'older');
    expect(older.rss).toBe(whole(first).rss);
    expect(older.made.size).toBe(3);

    for (const garbage of ['', '{"items":1}', '[1,2]\u0005\u0000\u0000\u0000', 'null\u0004\u0000\u0000\u0000']) {
      await writeFile(join(dir, 'cache', 'nieuws~atom.xml'), garbage);
      await writeFile(cacheFile, garbage);
      const again = await build(first, `garbage-${garbage.length}`);
      expect({ rss: again.rss, atom: again.atom }).toEqual(whole(first));
      expect(again.made.size).toBe(3);
    }
  });

  test('a feed is written in pieces of a buffer reused, never whole: 4 feeds of 4,000 items held at once were the peak of a build', async () => {
    const many = Array.from({ length: 2_000 }, (_, n) => article(n + 1));
    await build(many, 'cold');
    const edited = many.map((item, n) => (n === 1_000 ? { ...item, title: 'Nieuwe titel' } : item));
    const pieces: number[] = [];
    const writer = new FolderWriter(join(dir, 'pieces'));
    const writePieces = writer.writePieces.bind(writer);
    writer.writePieces = (path, fill) =>
      writePieces(path, (put) => fill((piece) => (pieces.push(piece.byteLength), put(piece))));
    const feed: NewsFeed = {
      paths: { rss: '/nieuws/rss.xml', atom: '/nieuws/atom.xml' },
      head,
      items: edited.map((item) => ({ digest: JSON.stringify(item), hasContent: true, item: () => item })),
    };
    await writeFeeds(writer, [feed], join(dir, 'cache'));
    const rss = await readFile(join(dir, 'pieces/public/nieuws/rss.xml'), 'utf8');
    expect(rss).toBe(whole(edited).rss);
    const bytes = Buffer.byteLength(rss) + Buffer.byteLength(whole(edited).atom);
    expect(bytes).toBeGreaterThan(4 * PIECE);
    expect(pieces.reduce((sum, piece) => sum + piece, 0)).toBe(bytes);
    expect(Math.max(...pieces)).toBeLessThanOrEqual(PIECE);
    // Head, tail, and the items in pieces as full as they can be (an item never split).
    expect(pieces.length).toBeLessThan(2 * (4 + Math.ceil(bytes / (PIECE - 1024))));
  });
});
