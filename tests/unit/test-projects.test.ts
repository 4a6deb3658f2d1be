import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { logicTests, sharesProcesses } from '../helpers/test-projects.ts';

/**
 * Files of the 'logic' and 'shared' projects share worker processes (and 'logic' one module
 * graph), so what one file changes process-wide reaches the next. A module mock there applies
 * only where no earlier file of that worker loaded the module: a test that passes alone and fails
 * in the suite (a link-retry test mocking node:fs, clean-clone CI of 2026-11-27 02:20).
 */
const root = resolve(import.meta.dirname, '../..');
// Fake timers and stubs are undone in the file's own hooks; a mock of a module another file of the
// worker already loaded cannot be.
const MODULE_MOCK = /\bvi\.(mock|doMock)\(/;

/** The two shapes the lists use: a file's path, or `folder/**\/*<suffix>`. */
function matches(pattern: string, file: string): boolean {
  const globbed = /^([^*]+)\/\*\*\/\*([^*/]+)$/.exec(pattern);
  if (globbed) return file.startsWith(`${globbed[1]}/`) && file.endsWith(globbed[2]!);
  if (pattern.includes('*')) throw new Error(`${pattern}: a pattern of another shape; teach matches() it`);
  return file === pattern;
}

const testFiles = (readdirSync(join(root, 'tests'), { recursive: true }) as string[])
  .map((name) => `tests/${name.split('\\').join('/')}`)
  .filter((file) => /\.test\.tsx?$/.test(file));

describe('the pattern shapes of the project lists', () => {
  test.each([
    ['tests/unit/**/*.test.ts', 'tests/unit/a.test.ts', true],
    ['tests/unit/**/*.test.ts', 'tests/unit/deep/a.test.ts', true],
    ['tests/unit/**/*.test.ts', 'tests/units/a.test.ts', false],
    ['tests/unit/**/*.test.ts', 'tests/unit/a.test.tsx', false],
    ['tests/serve/static.test.ts', 'tests/serve/static.test.ts', true],
    ['tests/serve/static.test.ts', 'tests/serve/static-more.test.ts', false],
  ])('%s against %s: %s', (pattern, file, expected) => {
    expect(matches(pattern, file)).toBe(expected);
  });

  test('another shape is refused, not guessed', () => {
    expect(() => matches('tests/*.test.ts', 'tests/a.test.ts')).toThrow(/another shape/);
  });
});

describe('files that share processes change nothing process-wide', () => {
  const sharing = [...logicTests, ...sharesProcesses];

  test('every file the lists name exists (a stale name would move nothing)', () => {
    expect(sharing.filter((pattern) => !pattern.includes('*') && !existsSync(join(root, pattern)))).toEqual([]);
  });

  test('no module mock in them', () => {
    const offenders = testFiles.filter(
      (file) =>
        sharing.some((pattern) => matches(pattern, file)) && MODULE_MOCK.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(offenders, 'move these to a folder of their own outside the shared lists').toEqual([]);
  });

  test('the check sees a mock where one is (tests/build/folder-writer-retry.test.ts mocks node:fs)', () => {
    expect(MODULE_MOCK.test(readFileSync(join(root, 'tests/build/folder-writer-retry.test.ts'), 'utf8'))).toBe(true);
    expect(testFiles).toContain('tests/build/folder-writer-retry.test.ts');
  });
});
