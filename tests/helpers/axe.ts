import type axe from 'axe-core';
import type { AxeResults, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core's minified build (axe.min.js): the same version, rules and checks as the module's
 * `axe.source` (axe.js, 1.3 MB), in 0.58 MB. A page evaluates it before every check: over 40
 * visits that took 7.0 s instead of 10.5 (bench/RESULTS.md, ci21k).
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations on a page, run in the page itself: the source evaluated once, then
 * `axe.run`. @axe-core/playwright's analyze() does the same work but runs it per frame and
 * finishes in a second, blank page with the source injected again: 6-9 s a page on a busy
 * machine against 2-4 s this way, for the same results (the site has no frames; a page that
 * gains one fails here rather than going unchecked inside it). Only violations: collecting every
 * pass makes axe a third slower.
 */
export async function axeViolations(page: Page, options: RunOptions = {}): Promise<AxeResults['violations']> {
  const frames = page.frames().length - 1;
  if (frames > 0) throw new Error(`${page.url()} has ${frames} frame(s): axeViolations checks the top document only`);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, { ...runOptions, resultTypes: ['violations'] }),
    options,
  );
  return results.violations;
}
