// bench/RESULTS.md is one section per benchmark, each starting with its own `## ` heading: a run
// with --write replaces its section (or adds it at the end) and leaves the others as they are.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS = join(dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');

/** Puts `section` (which starts with its heading line) in place of the section with that heading. */
export function writeSection(section) {
  const heading = section.slice(0, section.indexOf('\n'));
  const before = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '# Benchmark results\n';
  const start = before.indexOf(heading);
  let after;
  if (start === -1) after = `${before.trimEnd()}\n\n${section}`;
  else {
    const next = before.indexOf('\n## ', start + 3);
    after = `${before.slice(0, start)}${section}${next === -1 ? '' : `\n${before.slice(next + 1)}`}`;
  }
  writeFileSync(RESULTS, after);
}
