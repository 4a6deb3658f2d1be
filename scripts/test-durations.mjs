#!/usr/bin/env node
// Writes tests/durations.json (seconds per test file, longest first) from a vitest JSON report,
// for the test order of tests/helpers/longest-first.ts. After a CI run:
//   node scripts/test-durations.mjs .site/test-results.json
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const report = JSON.parse(readFileSync(process.argv[2] ?? '.site/test-results.json', 'utf8'));
const rows = report.testResults.map((file) => [
  relative(root, file.name),
  Math.round((file.endTime - file.startTime) / 1000),
]);
rows.sort((a, b) => b[1] - a[1]);
writeFileSync(resolve(root, 'tests', 'durations.json'), `${JSON.stringify(Object.fromEntries(rows), null, 1)}\n`);
console.log(`tests/durations.json: ${rows.length} files, ${rows.reduce((sum, [, s]) => sum + s, 0)} s in all`);
