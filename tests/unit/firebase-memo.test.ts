import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inputsDigest, keptText as keptByDigest } from '../../cli/build/firebase-memo.ts';

/** firebase.json kept in the cache by a digest of its inputs: made again only when one changed, or the file is not whole. */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'firebase-memo-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** As functions.ts keeps firebase.json: by the digest of its inputs. */
const keptText = async (file: string, inputs: string[], make: () => string) =>
  keptByDigest(file, await inputsDigest(inputs), make);

describe('keptText', () => {
  it('makes the text once for the same inputs, again when one changes', async () => {
    const file = join(dir, 'cache', 'firebase.json');
    const make = vi.fn(() => '{"a": 1}\n');
    expect(await keptText(file, ['site', 'redirects'], make)).toBe('{"a": 1}\n');
    expect(await keptText(file, ['site', 'redirects'], make)).toBe('{"a": 1}\n');
    expect(make).toHaveBeenCalledTimes(1);
    const changed = vi.fn(() => '{"a": 2}\n');
    expect(await keptText(file, ['site', 'redirects2'], changed)).toBe('{"a": 2}\n');
    // Inputs that join to the same text with another split are other inputs.
    expect(await keptText(file, ['site', 'redirects', '2'], changed)).toBe('{"a": 2}\n');
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('makes the text again when the kept file is cut short or not one it wrote', async () => {
    const file = join(dir, 'torn.json');
    const make = vi.fn(() => 'x'.repeat(100));
    await keptText(file, ['in'], make);
    await truncate(file, (await readFile(file)).length - 10);
    expect(await keptText(file, ['in'], make)).toBe('x'.repeat(100));
    await writeFile(file, 'not a kept text');
    expect(await keptText(file, ['in'], make)).toBe('x'.repeat(100));
    expect(make).toHaveBeenCalledTimes(3);
    expect(await keptText(file, ['in'], make)).toBe('x'.repeat(100));
    expect(make).toHaveBeenCalledTimes(3);
  });
});
