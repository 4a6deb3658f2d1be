// Prints `N passed, N failed` from vitest's JSON report: the one line CI reads, last and plain.
// Checks that are not vitest tests (typecheck, quality gates) and failed are named in
// SITE_FAILED_CHECKS (space-separated) and each counts as one failure, so the line never says
// "0 failed" for a red run.
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.site/test-results.json';
const failedChecks = (process.env.SITE_FAILED_CHECKS ?? '').split(/\s+/).filter(Boolean);
if (failedChecks.length) console.log(`failed checks besides the tests: ${failedChecks.join(', ')}`);
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.log(`no test report at ${file}: ${error.message}`);
  console.log(`0 passed, ${1 + failedChecks.length} failed`);
  process.exit(1);
}
const passed = report.numPassedTests ?? 0;
// A file can fail with none of its tests failed: a beforeAll that timed out marks them skipped.
const failedFiles = (report.testResults ?? []).filter(
  (file) => file.status === 'failed' && !file.assertionResults?.some((test) => test.status === 'failed'),
);
for (const file of failedFiles)
  console.log(
    `failed outside its tests: ${file.name}: ${(file.message || 'see its error in the vitest output above').split('\n')[0]}`,
  );
const failed =
  (report.numFailedTests ?? 0) +
  Math.max(failedFiles.length, report.numRuntimeErrorTestSuites ?? 0) +
  failedChecks.length;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
if (skipped) console.log(`${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
