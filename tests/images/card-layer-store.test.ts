import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedPart } from '../../cli/build/card-layer-store.ts';

/** The parts of cards drawn once (frame, label) are kept between builds: a one-card build loads no satori. */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'site-card-layer-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const part = (fill: number) => ({ data: Buffer.alloc(12, fill), width: 2, height: 2, photo: { left: 1, top: 2 } });

describe('the kept parts of cards', () => {
  it('draws a part once, then reads it as it was drawn', async () => {
    let drawn = 0;
    const draw = async () => {
      drawn++;
      return part(7);
    };
    const first = await storedPart(dir, 'v1', 'frame a', draw);
    const second = await storedPart(dir, 'v1', 'frame a', draw);
    expect(drawn).toBe(1);
    expect(second).toEqual(first);
    // Another key or another template version: drawn.
    await storedPart(dir, 'v1', 'frame b', draw);
    await storedPart(dir, 'v2', 'frame a', draw);
    expect(drawn).toBe(3);
  });

  it('draws again a file cut short, and keeps nothing without a folder', async () => {
    await storedPart(dir, 'v1', 'frame a', async () => part(7));
    const [file] = await readdir(join(dir, 'layers', 'v1'));
    const path = join(dir, 'layers', 'v1', file!);
    await writeFile(path, (await readFile(path)).subarray(0, -3));
    expect(await storedPart(dir, 'v1', 'frame a', async () => part(9))).toEqual(part(9));
    let drawn = 0;
    await storedPart(undefined, 'v1', 'frame a', async () => (drawn++, part(1)));
    await storedPart(undefined, 'v1', 'frame a', async () => (drawn++, part(1)));
    expect(drawn).toBe(2);
  });

  it("removes other template versions' parts unused for a day", async () => {
    for (const version of ['old', 'recent']) await mkdir(join(dir, 'layers', version), { recursive: true });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await utimes(join(dir, 'layers', 'old'), twoDaysAgo, twoDaysAgo);
    await storedPart(dir, 'v1', 'frame a', async () => part(7));
    expect((await readdir(join(dir, 'layers'))).sort()).toEqual(['recent', 'v1']);
  });
});
