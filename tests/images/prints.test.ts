import { createHash } from 'node:crypto';
import { link, mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ImageCache } from '../../cli/images/cache.ts';
import { fingerprint, knownAs, rememberFile } from '../../cli/images/fingerprint.ts';
import { CLOCK_STEP_MS } from '../../cli/build/file-settled.ts';

/**
 * cli/images/fingerprint.ts with the prints file of the images' cache (ImageCache.recallPrints,
 * keepPrints): a build trusts a source image or made file whose size, times and inode are as an
 * earlier build kept them, without reading it; anything else is read and hashed. A print no
 * program could forge (the change time) is what makes that safe: a file written anew never matches.
 */
let dir: string;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

async function printOf(path: string, hash: string) {
  const info = await stat(path);
  return { size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs, ino: info.ino, hash };
}

/** A cache whose prints.json holds `prints`, recalled. */
async function recalling(name: string, prints: Record<string, unknown>): Promise<ImageCache> {
  const cache = new ImageCache(join(dir, name));
  await mkdir(cache.dir, { recursive: true });
  await writeFile(join(cache.dir, 'prints.json'), JSON.stringify(prints));
  await cache.recallPrints();
  return cache;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'image-prints-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('image prints kept from one build to the next', () => {
  test('a file as an earlier build kept it is not read: its kept hash stands', async () => {
    const path = join(dir, 'photo.jpg');
    await writeFile(path, 'the photo');
    // A hash that no read would give: the file was trusted, not read.
    await recalling('cache-a', { [path]: await printOf(path, 'kept-hash') });
    expect(await fingerprint(path)).toEqual({ hash: 'kept-hash' });
    expect(await knownAs(path, 'kept-hash')).toBe(true);
  });

  test('a file written since (new size, times or inode): read and hashed', async () => {
    const path = join(dir, 'edited.jpg');
    await writeFile(path, 'before');
    const kept = await printOf(path, sha('before'));
    await rm(path);
    await writeFile(path, 'after!'); // same size, a new inode and change time
    await recalling('cache-b', { [path]: kept });
    const print = await fingerprint(path);
    expect(print.hash).toBe(sha('after!'));
    expect(print.data?.toString()).toBe('after!');
    expect(await knownAs(path, sha('before'))).toBe(false);
  });

  test('damaged prints (torn JSON, entries of another shape) recall nothing', async () => {
    const path = join(dir, 'other.jpg');
    await writeFile(path, 'other');
    const cache = new ImageCache(join(dir, 'cache-c'));
    await mkdir(cache.dir, { recursive: true });
    await writeFile(join(cache.dir, 'prints.json'), '{"torn": ');
    await cache.recallPrints();
    await recalling('cache-d', { [path]: { size: 'five', hash: 'x' } });
    expect((await fingerprint(path)).hash).toBe(sha('other'));
  });

  test('a made file linked into a build since (its change time moved) is still vouched for; a source is read again', async () => {
    const made = join(dir, 'made.webp');
    await writeFile(made, 'made bytes');
    const minuteAgo = new Date(Date.now() - 60_000);
    await utimes(made, minuteAgo, minuteAgo);
    await rememberFile(made, 'made-hash');
    await link(made, join(dir, 'made-in-a-build.webp'));
    expect(await knownAs(made, 'made-hash')).toBe(true);
    // Settled by its mtime alone: kept although its change time is now.
    const cache = new ImageCache(join(dir, 'cache-f'));
    await cache.keepPrints();
    const kept = JSON.parse(await readFile(join(cache.dir, 'prints.json'), 'utf8')) as Record<string, { hash: string }>;
    expect(kept[made]?.hash).toBe('made-hash');

    const source = join(dir, 'source.jpg');
    await writeFile(source, 'source');
    await recalling('cache-g', { [source]: await printOf(source, 'kept-hash') });
    await link(source, join(dir, 'source-linked.jpg'));
    expect((await fingerprint(source)).hash).toBe(sha('source'));
  });

  test('kept: the prints of the files used, once their times are older than a clock step', async () => {
    const old = join(dir, 'settled.jpg');
    await writeFile(old, 'settled');
    await new Promise((settle) => setTimeout(settle, CLOCK_STEP_MS + 100));
    const fresh = join(dir, 'fresh.jpg');
    await writeFile(fresh, 'fresh');
    await fingerprint(old);
    await fingerprint(fresh);
    const cache = new ImageCache(join(dir, 'cache-e'));
    await cache.keepPrints();
    const kept = JSON.parse(await readFile(join(cache.dir, 'prints.json'), 'utf8')) as Record<string, { hash: string }>;
    expect(kept[old]?.hash).toBe(sha('settled'));
    expect(kept[fresh]).toBeUndefined();
  });
});
