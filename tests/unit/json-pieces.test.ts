import { afterAll, expect, test } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PIECE, writeJsonObject } from '../../cli/build/json-pieces.ts';

const dir = await mkdtemp(join(tmpdir(), 'json-pieces-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

test('writes the bytes JSON.stringify gives, over many pieces, with keys and values to escape', async () => {
  const entries: Record<string, string> = {};
  // Several pieces' worth: the values a Markdown cache holds (HTML with quotes, newlines, wide characters).
  for (let at = 0; at < 400; at++)
    entries[`k${at}-"q"`] = `<p class="a">Tekst ${at}\n— é 🎾 \\ ${'x'.repeat(2_000)}</p>`;
  const file = join(dir, 'many.json');
  await writeJsonObject(file, entries);
  const written = await readFile(file, 'utf8');
  expect(written.length).toBeGreaterThan(3 * PIECE);
  expect(written).toBe(JSON.stringify(entries));
});

test('an empty object, and one entry', async () => {
  await writeJsonObject(join(dir, 'empty.json'), {});
  expect(await readFile(join(dir, 'empty.json'), 'utf8')).toBe('{}');
  await writeJsonObject(join(dir, 'one.json'), { a: 'b' });
  expect(await readFile(join(dir, 'one.json'), 'utf8')).toBe('{"a":"b"}');
});
