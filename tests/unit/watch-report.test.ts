/**
 * What `site build --watch` prints of each build (cli/build/watch-build.ts WatchReport). The watcher
 * looks at each saved file once more 60 ms later, so a save is often followed by a build with
 * nothing to do or the same errors again: those stay quiet, while a build that writes dist, or one
 * that changes what the editor last saw (broken -> mended, other errors), always says so.
 */
import { describe, expect, test } from 'vitest';
import { WatchReport, type WatchedBuild } from '../../cli/build/watch-build.ts';
import type { BuildResult } from '../../cli/build/types.ts';

const result = (unchanged: boolean, warnings = 0): BuildResult => ({
  out: 'dist',
  unchanged,
  pages: 229,
  rendered: unchanged ? 0 : 6,
  threads: 1,
  files: 0,
  bytes: 0,
  images: { made: 0, cached: 0, ms: 0 },
  timings: [],
  warnings,
});
const WARN = 'warning TRANSLATION_MISSING  content/nl/news/9.md:1\n';
const ERROR = `error YAML_SYNTAX  content/nl/news/broken.md:3\n${WARN}`;
const OTHER_ERROR = `error SCHEMA  content/nl/news/broken.md:2\n${WARN}`;
type Step = [what: string, build: Omit<WatchedBuild, 'ms'>, problems: string, printed: string, line: RegExp | null];
const built = (changed: string[], warnings = 0) => ({ changed, result: result(false, warnings) });
const same = (changed: string[], warnings = 0) => ({ changed, result: result(true, warnings) });
const failed = (changed: string[]) => ({ changed, problems: [] });

const sessions: Record<string, Step[]> = {
  'a save, then the watcher looking again': [
    ['first build', built([], 1), WARN, WARN, /^first build: 6 of 229 pages rendered, 1 warning/],
    ['the save', built(['a.md'], 1), WARN, '', /^a\.md: 6 of 229 pages rendered, 1 warning in/],
    ['looked at again', same(['a.md'], 1), WARN, '', null],
  ],
  'a broken file, looked at again, then removed': [
    ['first build', built([], 1), WARN, WARN, /^first build/],
    ['broken', failed(['broken.md']), ERROR, ERROR, /^broken\.md: not built, dist left as it was/],
    ['looked at again', failed(['broken.md']), ERROR, '', null],
    ['saved with another error', failed(['broken.md']), OTHER_ERROR, OTHER_ERROR, /not built/],
    [
      'removed: back to the last built site',
      same(['broken.md'], 1),
      WARN,
      WARN,
      /nothing to build, dist is up to date/,
    ],
    ['looked at again', same(['broken.md'], 1), WARN, '', null],
  ],
  'a warning mended': [
    ['first build', built([], 1), WARN, WARN, /^first build/],
    ['mended', built(['b.md']), '', '', /^b\.md: 6 of 229 pages rendered in/],
    ['the same warning again', built(['b.md'], 1), WARN, WARN, /1 warning in/],
  ],
  "the tool's own failure": [
    ['first build', built([]), '', '', /^first build/],
    ['internal', { changed: ['c.md'], internal: 'boom' }, '', '', /^c\.md: not built/],
    ['internal again', { changed: ['c.md'], internal: 'boom' }, '', '', /^c\.md: not built/],
  ],
};

describe('WatchReport', () => {
  for (const [name, steps] of Object.entries(sessions)) {
    test(name, () => {
      const report = new WatchReport();
      for (const [what, build, problems, printed, line] of steps) {
        const shown = report.next({ ms: 120, ...build }, problems);
        expect(shown.problems, what).toBe(printed);
        if (line) expect(shown.line, what).toMatch(line);
        else expect(shown.line, what).toBeUndefined();
      }
    });
  }
});
