import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';

/** scripts/test-summary.mjs: the `N passed, N failed` line CI reads must never say "0 failed" for a red run. */
const script = resolve(import.meta.dirname, '../../scripts/test-summary.mjs');
let dir: string;
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'site-summary-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

const file = (status: string, tests: string[], message = '') => ({
  name: '/x.test.ts',
  status,
  message,
  assertionResults: tests.map((s) => ({ status: s })),
});
const report = (files: ReturnType<typeof file>[], extra: object = {}) => {
  const tests = files.flatMap((f) => f.assertionResults);
  const count = (status: string) => tests.filter((t) => t.status === status).length;
  return {
    numPassedTests: count('passed'),
    numFailedTests: count('failed'),
    numPendingTests: count('pending'),
    numTodoTests: 0,
    testResults: files,
    ...extra,
  };
};

async function summary(content: object | string, failedChecks = ''): Promise<{ line: string; code: number }> {
  const path = join(dir, `${Math.random()}.json`);
  if (content !== 'missing') await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  const result = await promisify(execFile)(process.execPath, [script, path], {
    env: { ...process.env, SITE_FAILED_CHECKS: failedChecks },
  }).then(
    (done) => ({ stdout: done.stdout, code: 0 }),
    (error: { stdout: string; code: number }) => ({ stdout: error.stdout, code: error.code }),
  );
  return { line: result.stdout.trim().split('\n').at(-1)!, code: result.code };
}

test.each([
  ['all green', report([file('passed', ['passed', 'passed'])]), '', '2 passed, 0 failed', 0],
  ['a failed test', report([file('failed', ['passed', 'failed'])]), '', '1 passed, 1 failed', 1],
  [
    'a file whose beforeAll timed out (its tests skipped)',
    report([file('passed', ['passed']), file('failed', ['pending', 'pending'], 'Hook timed out in 120000ms.')]),
    '',
    '1 passed, 1 failed',
    1,
  ],
  [
    'a file that failed to load',
    report([file('passed', ['passed']), file('failed', [], 'SyntaxError')], { numRuntimeErrorTestSuites: 1 }),
    '',
    '1 passed, 1 failed',
    1,
  ],
  ['a failed gate', report([file('passed', ['passed'])]), 'typecheck lighthouse', '1 passed, 2 failed', 1],
  ['no test ran', report([]), '', '0 passed, 0 failed', 1],
  ['no report', 'missing', '', '0 passed, 1 failed', 1],
  ['a report cut short', '{"numPassedTests": 3', '', '0 passed, 1 failed', 1],
] as const)('%s', async (_, content, checks, line, code) => {
  expect(await summary(content, checks)).toEqual({ line, code });
});
