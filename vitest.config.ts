import { defineConfig, type Plugin } from 'vitest/config';
import { join, sep } from 'node:path';
import { islandModules } from './cli/build/preact-alias.ts';
import { LongestFirst } from './tests/helpers/longest-first.ts';

// Islands are written against React but run on Preact (cli/build/preact-alias.ts does this for
// the build); the same swap here lets tests import and server-render islands as the build does.
const islandsDir = join(import.meta.dirname, 'islands');
const islandTargets = islandModules(islandsDir);
const preactForIslands: Plugin = {
  name: 'preact-for-islands',
  enforce: 'pre',
  resolveId(source, importer) {
    const target = islandTargets[source];
    return target && importer?.startsWith(islandsDir + sep) ? target : null;
  },
};

const allTests = ['tests/**/*.test.ts', 'tests/**/*.test.tsx'];
// Files that start no server, browser or child process and leave nothing behind, so they can
// share workers like the unit tests: each on its own paid ~2 s of process start and imports for
// under a second of tests, most of CI's last two minutes (run of 17:48, 2026-11-26).
const startsNothing = [
  'auth/config',
  'auth/errors',
  'auth/icons',
  'auth/password-rules',
  'auth/profile',
  'auth/session-state',
  'deploy/checks',
  'deploy/functions-package',
  'deploy/platform-env',
  'deploy/runtime',
  'functions/firebase-hosting',
  'functions/session',
  'images/content-images',
  'images/errors',
  'images/focal-point',
  'images/plan',
  'images/report',
  'images/stage',
  'registrations/dev-patch',
  'security/return-path',
  'serve/command',
].map((name) => `tests/${name}.test.ts`);
// Small files that start servers, browsers or builds but change nothing process-wide (no
// process.env, cwd or module mocks) and close what they start: they share worker processes
// (isolate: false), each paying its imports once per worker instead of once per file. The 33
// together: 161 CPU-s and 121 s alone with a process each, 108 CPU-s and 69 s sharing.
const sharesProcesses = [
  'quality/lighthouse-parts',
  'serve/turns',
  'security/serve-paths',
  'build/cached-esbuild',
  'robustness/serve-traversal',
  'serve/headers',
  'registrations/postgres-pool',
  'robustness/services-mail',
  'check/parts',
  'serve/static',
  'images/card-photo',
  'serve/redirects',
  'security/rate-limit',
  'robustness/serve-slow-clients',
  'registrations/admission',
  'security/origin',
  'robustness/serve-bad-requests',
  'serve/staging',
  'functions/mail-delivery',
  'found/found',
  'dev/patch',
  'functions/plain-forms',
  'security/mail-relay',
  'functions/build-functions',
  'functions/mail-rejections',
  'build/npx-site',
  'browser/islands.avatar',
  'dev/browser',
  'found/search-shards',
  'functions/mail-faults',
  'robustness/services-browser',
  'registrations/plain-form',
  'robustness/services-database',
].map((name) => `tests/${name}.test.ts`);
const logicTests = [
  'tests/unit/**/*.test.ts',
  'tests/islands/**/*.test.ts',
  'tests/images/picture.test.tsx',
  ...startsNothing,
];

export default defineConfig({
  plugins: [preactForIslands],
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
