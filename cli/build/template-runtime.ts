import type { Plugin } from 'esbuild';
import { join, sep } from 'node:path';
import { islandModules } from './preact-alias.ts';

/**
 * Templates are written against React's API (types from @types/react) but rendered by their own
 * runtime, templates/runtime/: JSX to strings with react-dom/server's bytes, ~N x cheaper (issue 21,
 * bench/RESULTS.md "jsx21"). This is what `react` and its JSX runtime are in the templates' server
 * bundle; islands/ keep Preact (./preact-alias.ts), the card template (cards.ts) keeps React for satori.
 */
export function templateModules(templatesDir: string): Record<string, string> {
  const react = join(templatesDir, 'runtime', 'react.ts');
  const jsx = join(templatesDir, 'runtime', 'jsx-runtime.ts');
  return { react, 'react/jsx-runtime': jsx, 'react/jsx-dev-runtime': jsx };
}

/**
 * The templates' server bundle's `react`: the templates' runtime, or Preact's for a file under
 * islands/ (what ./preact-alias.ts maps there). One callback for both: each is a message to this
 * thread and back that waits for a turn of its event loop (busy validating), and with two plugins a
 * template's every JSX import took two in a row, the first only to decline it.
 */
export function templateRuntime(root: string): Plugin {
  const islandsDir = join(root, 'islands');
  const islands = `${islandsDir}${sep}`;
  const targets = { islands: islandModules(islandsDir), templates: templateModules(join(root, 'templates')) };
  return {
    name: 'template-runtime',
    setup(build) {
      build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
        const target = targets[args.importer.startsWith(islands) ? 'islands' : 'templates'][args.path];
        return target ? { path: target } : undefined;
      });
    },
  };
}
