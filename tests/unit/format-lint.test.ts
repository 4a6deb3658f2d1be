import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 22, point 8: .ci/run's `biome ci --error-on-warnings .` fails on unformatted code and on
// code the linter refuses. Here the project's biome.jsonc (its Git settings left out: a temporary
// folder is no repository) judges small files of each kind.

const root = join(import.meta.dirname, '../..');
const biome = join(root, 'node_modules', '.bin', 'biome');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'site-biome-'));
  const config = (await readFile(join(root, 'biome.jsonc'), 'utf8'))
    .replace('"vcs": { "enabled": true', '"vcs": { "enabled": false')
    .replace('"./node_modules/', `"${root}/node_modules/`);
  await writeFile(join(dir, 'biome.jsonc'), config);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const check = async (name: string, text: string) => {
  await writeFile(join(dir, name), text);
  return promisify(execFile)(biome, ['ci', '--error-on-warnings', '--colors=off', name], { cwd: dir }).then(
    () => ({ ok: true, output: '' }),
    (error: { stdout: string; stderr: string }) => ({ ok: false, output: error.stdout + error.stderr }),
  );
};

describe('biome ci with the project settings', () => {
  it.each([
    ['formatted, clean code', 'ok.ts', 'export const greeting = (name: string): string => name.trim();\n', true, ''],
    [
      'code off its format',
      'spaces.ts',
      'export  const answer=42\n',
      false,
      'File content differs from formatting output',
    ],
    [
      'an unused import',
      'unused.ts',
      "import { readFile } from 'node:fs';\n\nexport const answer = 42;\n",
      false,
      'lint/correctness/noUnusedImports',
    ],
    [
      'a parameter shadowing a global',
      'shadow.ts',
      'export const quote = (escape: string): string => escape.trim();\n',
      false,
      'lint/suspicious/noShadowRestrictedNames',
    ],
  ])('%s: passes %s', async (_, name, text, ok, said) => {
    const result = await check(name, text);
    expect(result.ok).toBe(ok);
    expect(result.output).toContain(said);
  });
});
