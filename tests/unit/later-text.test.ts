/**
 * After one Markdown edit, `site build` reads a text its stat print answered for only when a stage
 * asks for it (cli/build/incremental/later-text.ts): its hash is known at once, its text read once,
 * and a text saved again since its print was taken stops the build at that file.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { contentHash } from '../../cli/content/content-hash.ts';
import { laterText } from '../../cli/build/incremental/later-text.ts';
import { isSiteError } from '../../cli/errors/site-error.ts';

let root: string;
const sha1 = (text: string) => hash('sha1', text, 'base64url');
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'later-text-'));
  await writeFile(join(root, 'a.md'), 'first text');
});
afterAll(() => rm(root, { recursive: true, force: true }));

test('the hash is known without a read; the text is read when asked for, once', async () => {
  const file = laterText(root, 'a.md', sha1('first text'));
  await writeFile(join(root, 'a.md'), 'first text'); // the same text written again: read as it is
  expect(contentHash(file)).toBe(sha1('first text'));
  expect(file.text).toBe('first text');
  await writeFile(join(root, 'a.md'), 'second text');
  expect(file.text).toBe('first text');
});

test.each([
  ['saved again', async () => writeFile(join(root, 'b.md'), 'changed')],
  ['removed', async () => rm(join(root, 'b.md'))],
])(
  'a text %s after its print was taken stops the build with CONTENT_CHANGED_DURING_BUILD at the file',
  async (_, change) => {
    await writeFile(join(root, 'b.md'), 'as printed');
    const file = laterText(root, 'b.md', sha1('as printed'));
    await change();
    let thrown: unknown;
    try {
      void file.text;
    } catch (error) {
      thrown = error;
    }
    expect(isSiteError(thrown) && thrown.problems.map((p) => [p.code, p.location?.file])).toEqual([
      ['CONTENT_CHANGED_DURING_BUILD', 'b.md'],
    ]);
  },
);
