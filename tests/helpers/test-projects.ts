/**
 * Which test files run in which vitest project (vitest.config.ts): most files get a process of
 * their own ('system'); the lists below share worker processes or a whole module graph, and
 * tests/unit/test-projects.test.ts holds what that asks of them.
 */
export const allTests = ['tests/**/*.test.ts', 'tests/**/*.test.tsx'];
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
export const sharesProcesses = [
  'quality/lighthouse-parts',
  'serve/turns',
  'security/serve-paths',
  'build/cached-esbuild',
  'build/template-imports',
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
  'functions/mail-faults',
  'robustness/services-browser',
  'registrations/plain-form',
  'robustness/services-database',
].map((name) => `tests/${name}.test.ts`);
export const logicTests = [
  'tests/unit/**/*.test.ts',
  'tests/islands/**/*.test.ts',
  'tests/images/picture.test.tsx',
  ...startsNothing,
];
