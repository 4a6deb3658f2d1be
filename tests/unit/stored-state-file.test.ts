import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStoredState, writeStoredState, type StateKey } from '../../cli/build/incremental/stored-state-file.ts';

/**
 * .site/cache/content-state.bin read back (cli/build/incremental/stored-state-file.ts): its payload
 * only for the same context and files with at most one changed; anything else, or a file that is
 * not whole, is no state (the build takes the full path), never a crash.
 */
const key: StateKey = {
  context: 'context-1',
  files: [
    ['content/nl/news/1-a.md', 'hash-a'],
    ['content/nl/news/2-b.md', 'hash-b'],
  ],
};
const payload = Buffer.from('the state as v8 serialised it');
const FILE = 'content-state.bin';

describe('the stored content state file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stored-state-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['the same files', key, []],
    [
      'one file changed',
      { ...key, files: [key.files[0]!, ['content/nl/news/2-b.md', 'hash-new']] },
      ['content/nl/news/2-b.md'],
    ],
  ] as Array<[string, StateKey, string[]]>)('gives the payload back for %s', async (_, now, changed) => {
    await writeStoredState(dir, key, payload);
    const stored = readStoredState(dir, now);
    expect(stored?.changed).toEqual(changed);
    expect(stored?.payload.equals(payload)).toBe(true);
  });

  it.each([
    [
      'two files changed',
      {
        ...key,
        files: [
          ['content/nl/news/1-a.md', 'x'],
          ['content/nl/news/2-b.md', 'y'],
        ],
      },
    ],
    ['another context', { ...key, context: 'context-2' }],
    ['a file renamed', { ...key, files: [key.files[0]!, ['content/nl/news/2-c.md', 'hash-b']] }],
    ['a file added', { ...key, files: [...key.files, ['content/nl/news/3-c.md', 'hash-c']] }],
  ] as Array<[string, StateKey]>)('is none for %s', async (_, now) => {
    await writeStoredState(dir, key, payload);
    expect(readStoredState(dir, now)).toBeUndefined();
  });

  it.each([
    ['missing', async (path: string) => rm(path)],
    ['cut in its head', async (path: string) => truncate(path, 10)],
    ['cut in its key', async (path: string) => truncate(path, 40)],
    [
      'of another form',
      async (path: string) =>
        writeFile(path, Buffer.concat([Buffer.from('site content state 1\n'), (await readFile(path)).subarray(21)])),
    ],
    [
      'naming a key longer than the file',
      async (path: string) => {
        const bytes = await readFile(path);
        bytes.writeUInt32LE(0xffffffff, 'site content state 2\n'.length);
        await writeFile(path, bytes);
      },
    ],
    [
      'with a key that is not JSON',
      async (path: string) => {
        const bytes = await readFile(path);
        bytes[4 + 'site content state 2\n'.length] = 0x7b + 1; // '{' becomes '|'
        await writeFile(path, bytes);
      },
    ],
  ] as Array<[string, (path: string) => Promise<unknown>]>)('is none when the file is %s', async (_, spoil) => {
    await writeStoredState(dir, key, payload);
    await spoil(join(dir, FILE));
    expect(readStoredState(dir, key)).toBeUndefined();
  });
});
