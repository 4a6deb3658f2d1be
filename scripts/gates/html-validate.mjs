#!/usr/bin/env node
/**
 * HTML validity of every page of a build: html-validate with the project's .htmlvalidate.mjs
 * (strict presets, each exception argued there) over every *.html under a folder.
 *
 *   node scripts/gates/html-validate.mjs [folder]     default: dist/public
 *
 * Prints each error with file, line, column and rule; exits 1 on any error, 2 on bad usage
 * (no such folder, no pages in it). The config is loaded explicitly, not looked up beside the
 * files, so a build outside the project (a test's temporary folder) is held to the same rules.
 */
import { HtmlValidate, StaticConfigLoader, formatterFactory } from 'html-validate';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import config from '../../.htmlvalidate.mjs';

const root = resolve(import.meta.dirname, '../..');
const folder = resolve(process.argv[2] ?? join(root, 'dist', 'public'));
if (!existsSync(folder)) {
  process.stderr.write(`html-validate: no folder ${folder} (build first: npx site build)\n`);
  process.exit(2);
}
const pages = readdirSync(folder, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .sort()
  .map((file) => join(folder, file));
if (pages.length === 0) {
  process.stderr.write(`html-validate: no .html files under ${folder}\n`);
  process.exit(2);
}

const started = performance.now();
const validator = new HtmlValidate(new StaticConfigLoader(config));
const results = [];
let errors = 0;
// /nl/kampen.html is the same rendering as kampen.html: each distinct page is validated once,
// under the first of its names.
const seen = new Set();
let distinct = 0;
for (const page of pages) {
  const html = readFileSync(page, 'utf8');
  const digest = createHash('sha256').update(html).digest('hex');
  if (seen.has(digest)) continue;
  seen.add(digest);
  distinct++;
  const report = await validator.validateString(html, page);
  errors += report.errorCount;
  // Paths relative to the folder: /tmp/site-xyz/dist/public/kampen.html reads as kampen.html.
  for (const result of report.results) results.push({ ...result, filePath: relative(folder, result.filePath) });
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (results.length) process.stdout.write(formatterFactory('text')(results));
const failing = new Set(results.filter((r) => r.errorCount > 0).map((r) => r.filePath)).size;
process.stdout.write(
  errors
    ? `html-validate: ${errors} error${errors === 1 ? '' : 's'} in ${failing} of ${distinct} distinct pages (${pages.length} files, ${seconds} s)\n`
    : `html-validate: ${distinct} distinct pages (${pages.length} files), no errors (${seconds} s)\n`,
);
process.exitCode = errors ? 1 : 0;
