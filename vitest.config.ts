import { defineConfig, type Plugin } from 'vitest/config';
import { join, sep } from 'node:path';
import { islandModules } from './cli/build/preact-alias.ts';
import { templateModules } from './cli/build/template-runtime.ts';
import { LongestFirst } from './tests/helpers/longest-first.ts';
import { allTests, logicTests, sharesProcesses } from './tests/helpers/test-projects.ts';

/** Points `react` and its JSX runtime, imported by files under `dir` (not under `except`), at `targets`. */
function reactFor(name: string, dir: string, targets: Record<string, string>, except?: string): Plugin {
  return {
    name,
    enforce: 'pre',
    resolveId(source, importer) {
      const target = targets[source];
      const inside = importer?.startsWith(dir + sep) && !(except && importer.startsWith(except + sep));
      return target && inside ? target : null;
    },
  };
}

// Islands are written against React but run on Preact (cli/build/preact-alias.ts does this for
// the build); the same swap here lets tests import and server-render islands as the build does.
const islandsDir = join(import.meta.dirname, 'islands');
const preactForIslands = reactFor('preact-for-islands', islandsDir, islandModules(islandsDir));
// Templates render with their own runtime (cli/build/template-runtime.ts), as in the build; the card
// template (templates/cards/) is drawn by satori from React's own elements, as cards.ts bundles it.
const templatesDir = join(import.meta.dirname, 'templates');
const templateRuntime = reactFor(
  'template-runtime',
  templatesDir,
  templateModules(templatesDir),
  join(templatesDir, 'cards'),
);

export default defineConfig({
  plugins: [preactForIslands, templateRuntime],
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: one on a 2-core CI machine. Most suites
    // wait on a browser, a server or a child build: a CI run with two workers used 1.2 of its 2
    // cores on average (1,844 s of CPU in 1,552 s), so three keep both busy. Suites' builds share
    // the repository's image cache at once; the cache is safe for that (tests/images/cache.test.ts,
    // 'image cache shared by builds running at once').
    maxWorkers: 3,
    // expect.poll waits for a condition, 1 s by default: on a loaded CI machine a toast or a
    // field's message can take longer to appear (a run with four workers failed that way); a
    // longer limit costs nothing when the condition comes sooner.
    expect: { poll: { timeout: 10_000 } },
    sequence: { sequencer: LongestFirst },
    globalSetup: ['tests/helpers/prebuild.ts'],
    reporters: process.env.CI ? ['default', 'json', './tests/helpers/module-durations.ts'] : ['default'],
    outputFile: { json: '.site/test-results.json' },
    projects: [
      { extends: true, test: { name: 'system', include: allTests, exclude: [...logicTests, ...sharesProcesses] } },
      { extends: true, test: { name: 'shared', include: sharesProcesses, isolate: false } },
      // Pure logic (table tests of functions, islands rendered to strings) leaves no state behind,
      // so its files share one module graph per worker: a fresh process and import for each of
      // ~40 small files cost CI more than their tests.
      { extends: true, test: { name: 'logic', include: logicTests, pool: 'threads', isolate: false } },
    ],
  },
});
