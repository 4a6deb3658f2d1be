import { mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KEY, MarkdownCache, SHARDS, shardReader, shardStamps } from '../../cli/build/markdown-cache.ts';
import { sharedTexts } from '../../cli/build/shared-bodies.ts';

/**
 * The build's Markdown cache (.site/cache/markdown/, in shards): what it gives back must be what
 * went in, an edit writes only the shards whose keys changed, and a shard that is damaged or out
 * of place is a miss (its texts rendered again), never wrong HTML or a failed build.
 */
let root: string;
let count = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'site-markdown-cache-'));
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const keyOf = (text: string) => createHash('sha1').update(text).digest('base64url');
const shardName = (key: string) =>
  `${'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(key[0]!)}.bin`;
/** The HTML of text `n`: some with characters beyond Latin-1, one empty. */
const htmlOf = (n: number) => (n === 3 ? '' : `<p>tekst ${n} — “café” 🎾 ${'x'.repeat(n * 7)}</p>\n`);

/** A cache in a fresh folder holding texts 0..count-1. */
async function filled(texts: number): Promise<{ dir: string; keys: string[] }> {
  const dir = join(root, `cache-${count++}`);
  const keys = Array.from({ length: texts }, (_, n) => keyOf(`text ${n}`));
  MarkdownCache.read(dir, keys).save(new Map(keys.map((key, n) => [key, htmlOf(n)])));
  return { dir, keys };
}

/** Each shard file's identity (a rename gives a new inode). */
async function identities(dir: string): Promise<Map<string, string>> {
  const names = await readdir(dir);
  return new Map(
    await Promise.all(
      names.map(async (name) => {
        const { ino, mtimeMs } = await stat(join(dir, name));
        return [name, `${ino}:${mtimeMs}`] as const;
      }),
    ),
  );
}

describe('the Markdown cache in shards', () => {
  test('gives back each key as saved, beyond Latin-1 and empty too; an unknown key is a miss', async () => {
    const { dir, keys } = await filled(200);
    // Decoded at once, or each when first asked for (a build from the stored content state).
    for (const lazy of [false, true]) {
      const cache = MarkdownCache.read(dir, [...keys, keyOf('not saved')], lazy);
      keys.forEach((key, n) =>
        expect([cache.has(key), cache.html(key), cache.html(key)]).toEqual([true, htmlOf(n), htmlOf(n)]),
      );
      expect([cache.has(keyOf('not saved')), cache.html(keyOf('not saved'))]).toEqual([false, undefined]);
    }
    expect(MarkdownCache.read(dir, keys.slice(0, 10)).html(keys[10]!)).toBeUndefined(); // only what is asked for
    expect(KEY).toBe(keys[0]!.length);
    expect((await readdir(dir)).length).toBeLessThanOrEqual(SHARDS);
  });

  test('HTML saved from shared memory (Latin-1 and UTF-16 bodies, as the workers write them) reads back the same', async () => {
    const dir = join(root, `cache-${count++}`);
    const keys = Array.from({ length: 200 }, (_, n) => keyOf(`shared ${n}`));
    const htmlAt = (n: number) => (n % 2 ? htmlOf(n) : `<p>café ${n}</p>\n`);
    // Some as the workers leave them (in shared memory), the rest as strings.
    const shared = sharedTexts(keys.map((_, n) => htmlAt(n)));
    MarkdownCache.read(dir, keys).save(new Map(keys.map((key, n) => [key, n % 3 ? shared[n]! : htmlAt(n)])));
    expect(new Set(shared.map((text) => text.wide))).toEqual(new Set([true, false]));
    for (const lazy of [false, true]) {
      const cache = MarkdownCache.read(dir, keys, lazy);
      keys.forEach((key, n) => expect(cache.html(key)).toBe(htmlAt(n)));
    }
    const find = shardReader(dir);
    keys.forEach((key, n) => expect(find(key)).toBe(htmlAt(n)));
  });

  test('an edit writes only the shards of the key gone and the key new; nothing changed writes none', async () => {
    const { dir, keys } = await filled(200);
    const before = await identities(dir);
    MarkdownCache.read(dir, keys).save(new Map());
    expect(await identities(dir)).toEqual(before);

    const edited = keyOf('text 7, edited');
    const now = keys.map((key, n) => (n === 7 ? edited : key));
    MarkdownCache.read(dir, now).save(new Map([[edited, '<p>edited</p>\n']]));
    const after = await identities(dir);
    const rewritten = [...after.keys()].filter((name) => after.get(name) !== before.get(name)).sort();
    expect(rewritten).toEqual([...new Set([shardName(keys[7]!), shardName(edited)])].sort());

    const reread = MarkdownCache.read(dir, [...now, keys[7]!]);
    expect(reread.html(edited)).toBe('<p>edited</p>\n');
    expect(reread.html(keys[7]!)).toBeUndefined(); // a text no longer in the site is not kept
    now.forEach((key, n) => n !== 7 && expect(reread.html(key)).toBe(htmlOf(n)));
  });

  test.each([
    ['cut in half', (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2))],
    ['cut one byte short', (bytes: Buffer) => bytes.subarray(0, bytes.length - 1)],
    ['of another form (JSON)', () => Buffer.from('{"a":"<p>b</p>"}')],
    ['empty', () => Buffer.alloc(0)],
    [
      'with an entry claiming more bytes than the file has',
      (bytes: Buffer) => {
        const damaged = Buffer.from(bytes);
        damaged.writeUInt32LE(0xffffff, 'site Markdown cache 1\n'.length + KEY);
        return damaged;
      },
    ],
  ])('a shard %s: its keys are misses, the others kept, and it is whole after the next save', async (_, damage) => {
    const { dir, keys } = await filled(200);
    const name = shardName(keys[0]!);
    await writeFile(join(dir, name), damage(await readFile(join(dir, name))));
    const cache = MarkdownCache.read(dir, keys);
    keys.forEach((key, n) => expect(cache.html(key)).toBe(shardName(key) === name ? undefined : htmlOf(n)));

    const missing = keys.filter((key) => shardName(key) === name);
    cache.save(new Map(missing.map((key) => [key, htmlOf(keys.indexOf(key))])));
    const mended = MarkdownCache.read(dir, keys);
    keys.forEach((key, n) => expect(mended.html(key)).toBe(htmlOf(n)));
  });

  test("a shard under another shard's name: its entries are misses, and both are written again", async () => {
    const { dir, keys } = await filled(200);
    const [a, b] = [...new Set(keys.map(shardName))];
    await rename(join(dir, a!), join(dir, 'swap'));
    await rename(join(dir, b!), join(dir, a!));
    await rename(join(dir, 'swap'), join(dir, b!));
    const cache = MarkdownCache.read(dir, keys);
    for (const key of keys) if ([a, b].includes(shardName(key))) expect(cache.html(key)).toBeUndefined();
    const missing = keys.filter((key) => [a, b].includes(shardName(key)));
    cache.save(new Map(missing.map((key) => [key, htmlOf(keys.indexOf(key))])));
    const mended = MarkdownCache.read(dir, keys);
    keys.forEach((key, n) => expect(mended.html(key)).toBe(htmlOf(n)));
  });

  test("read a shard at a time when asked for; the shards' stamps change with any write", async () => {
    const { dir, keys } = await filled(200);
    const stamps = shardStamps(dir);
    expect(shardStamps(dir)).toBe(stamps);
    // A key's own shard alone is read: another one damaged meanwhile (written in place: another stamp) is not.
    const other = keys.find((key) => shardName(key) !== shardName(keys[0]!))!;
    const path = join(dir, shardName(other));
    const bytes = await readFile(path);
    await writeFile(path, Buffer.concat([Buffer.from('damaged'), bytes.subarray('damaged'.length)]));
    const damaged = shardStamps(dir);
    expect(damaged).not.toBe(stamps);
    const find = shardReader(dir);
    expect([find(keys[0]!), find(keys[0]!)]).toEqual([htmlOf(0), htmlOf(0)]);
    keys.forEach((key, n) => shardName(key) === shardName(keys[0]!) && expect(find(key)).toBe(htmlOf(n)));
    expect([find(other), find(keyOf('not saved'))]).toEqual([undefined, undefined]);
    // Written again (renamed into place), or removed: another stamp.
    MarkdownCache.read(dir, keys).save(new Map([[other, htmlOf(keys.indexOf(other))]]));
    const saved = shardStamps(dir);
    expect([saved === stamps, saved === damaged]).toEqual([false, false]);
    await rm(path);
    expect(shardStamps(dir)).not.toBe(saved);
  });
});
