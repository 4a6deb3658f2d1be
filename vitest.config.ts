import { defineConfig, type Plugin } from 'vitest/config';
import { join, sep } from 'node:path';
import { islandModules } from './cli/build/preact-alias.ts';

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

export default defineConfig({
  plugins: [preactForIslands],
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One worker on a 2-core machine (vitest's default, cores - 1). Two halved the run (17 -> 9 min)
    // but let two suites' cold builds share the repository's image cache at once, and a clean
    // clone's CI then failed on a cached file gone between check and link: back to one until the
    // image cache is safe for concurrent builds (see the closing note of 2026-11-22).
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.site/test-results.json' },
  },
});
