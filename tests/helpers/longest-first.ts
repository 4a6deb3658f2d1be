import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Runs the test files that took longest first (seconds per file in tests/durations.json, from a
 * CI run's JSON report by scripts/test-durations.mjs), files it does not know before them. A clean
 * CI clone has no vitest cache, so vitest would order by file size: a 5-minute file could start
 * last and leave the other worker idle for minutes. Longest first, the two workers end together.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = JSON.parse(readFileSync(join(root, 'tests', 'durations.json'), 'utf8')) as Record<string, number>;
    const expected = (spec: TestSpecification) => seconds[relative(root, spec.moduleId)] ?? 1e9; // unknown: a new file, run early
    return [...files].sort((a, b) => expected(b) - expected(a));
  }
}
