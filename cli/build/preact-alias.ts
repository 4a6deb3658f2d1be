import type { Plugin } from 'esbuild';
import { join, sep } from 'node:path';

/**
 * Islands are written against React's API but run on Preact (DESIGN.md "Islands": a few KB
 * instead of 69 KB). This plugin swaps `react` and its JSX runtime for islands/runtime/react.ts
 * and jsx-runtime.ts in files under islands/ only, so the same island code renders with
 * preact-render-to-string inside the templates (on the server) and hydrates with Preact (in the
 * browser): one renderer, so the markup always matches. Templates have their own runtime
 * (./template-runtime.ts). (Why not preact/compat: islands/runtime/react.ts says.)
 */
export function islandModules(islandsDir: string): Record<string, string> {
  const react = join(islandsDir, 'runtime', 'react.ts');
  const jsx = join(islandsDir, 'runtime', 'jsx-runtime.ts');
  return { react, 'react-dom': react, 'react/jsx-runtime': jsx, 'react/jsx-dev-runtime': jsx };
}

export function preactForIslands(islandsDir: string): Plugin {
  const inside = islandsDir.endsWith(sep) ? islandsDir : `${islandsDir}${sep}`;
  const targets = islandModules(islandsDir);
  return {
    name: 'preact-for-islands',
    setup(build) {
      build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
        const target = targets[args.path];
        return target && args.importer.startsWith(inside) ? { path: target } : undefined;
      });
    },
  };
}
