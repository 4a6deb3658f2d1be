import { defineConfig, type Plugin } from 'vitest/config';
import { join } from 'node:path';

// Islands are written against React but run on Preact (cli/build/preact-alias.ts does this for
// the build); the same swap here lets tests import and server-render islands as the build does.
const islandsDir = join(import.meta.dirname, 'islands') + '/';
const preactTargets: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};
const preactForIslands: Plugin = {
  name: 'preact-for-islands',
  enforce: 'pre',
  resolveId(source, importer) {
    const target = preactTargets[source];
    if (!target || !importer?.startsWith(islandsDir)) return null;
    return this.resolve(target, importer, { skipSelf: true });
  },
};

export default defineConfig({
  plugins: [preactForIslands],
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.site/test-results.json' },
  },
});
