import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { gzipSizesOf } from '../../cli/build/gzip-sizes.ts';

/** cli/build/gzip-sizes.ts: islands.json's gzip sizes, kept by each output's hash so an unchanged bundle is not gzipped again. */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gzip-sizes-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const output = (text: string) => {
  const contents = Buffer.from(text.repeat(50));
  return { contents, hash: createHash('sha256').update(contents).digest('base64url') };
};
const gzipped = (contents: Uint8Array) => gzipSync(contents, { level: 9 }).byteLength;

describe('gzip sizes kept by output hash', () => {
  test('sizes measured, kept, then taken from the memo while the output is the same', async () => {
    const memo = join(dir, 'cache', 'memo.json');
    const [a, b] = [output('export const a = 1;'), output('export const b = 2;')];
    expect(await gzipSizesOf(memo, [a, b])).toEqual([gzipped(a.contents), gzipped(b.contents)]);
    // A size no gzip would give: returned, so the memo was read and nothing gzipped again.
    await writeFile(memo, JSON.stringify({ [a.hash]: 7, [b.hash]: 9 }));
    expect(await gzipSizesOf(memo, [a, b])).toEqual([7, 9]);
    // One output changed: that one measured; the memo then holds the current outputs only.
    const c = output('export const c = 3;');
    expect(await gzipSizesOf(memo, [a, c])).toEqual([7, gzipped(c.contents)]);
    expect(JSON.parse(await readFile(memo, 'utf8'))).toEqual({ [a.hash]: 7, [c.hash]: gzipped(c.contents) });
  });

  test('a torn or foreign memo: every size measured again', async () => {
    const memo = join(dir, 'torn.json');
    const a = output('export const a = 1;');
    await writeFile(memo, `{"${a.hash}": 7`);
    expect(await gzipSizesOf(memo, [a])).toEqual([gzipped(a.contents)]);
    await writeFile(memo, 'null');
    expect(await gzipSizesOf(memo, [a])).toEqual([gzipped(a.contents)]);
    await writeFile(memo, JSON.stringify({ [a.hash]: 'seven' }));
    expect(await gzipSizesOf(memo, [a])).toEqual([gzipped(a.contents)]);
  });
});
