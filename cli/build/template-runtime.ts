import type { Plugin } from 'esbuild';
import { join, sep } from 'node:path';

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

export function templateRuntime(root: string): Plugin {
  const islands = `${join(root, 'islands')}${sep}`;
  const targets = templateModules(join(root, 'templates'));
  return {
    name: 'template-runtime',
    setup(build) {
      build.onResolve({ filter: /^react(\/jsx-runtime|\/jsx-dev-runtime)?$/ }, (args) =>
        args.importer.startsWith(islands) ? undefined : { path: targets[args.path]! },
      );
    },
  };
}
