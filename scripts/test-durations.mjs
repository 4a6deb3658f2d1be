#!/usr/bin/env node
// Writes tests/durations.json (seconds per test file, longest first) for the test order of
// tests/helpers/longest-first.ts, from the times a CI run's reporter wrote (imports and hooks
// included: tests/helpers/module-durations.ts). After a CI run:
//   node scripts/test-durations.mjs .site/module-durations.json
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const seconds = JSON.parse(readFileSync(process.argv[2] ?? '.site/module-durations.json', 'utf8'));
const rows = Object.entries(seconds).map(([file, time]) => [file, Math.round(time)]);
rows.sort((a, b) => b[1] - a[1]);
writeFileSync(resolve(root, 'tests', 'durations.json'), `${JSON.stringify(Object.fromEntries(rows), null, 1)}\n`);
console.log(`tests/durations.json: ${rows.length} files, ${rows.reduce((sum, [, s]) => sum + s, 0)} s in all`);
