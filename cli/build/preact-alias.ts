import type { Plugin } from 'esbuild';
import { sep } from 'node:path';

/**
 * Islands are written against React's API but run on Preact (DESIGN.md "Islands": about 7 KB gz
 * instead of 69 KB). This plugin swaps `react` for `preact/compat` in files under islands/ only,
 * so the same island code renders with preact-render-to-string inside the React-rendered
 * templates (on the server) and hydrates with Preact (in the browser) - one renderer, so the
 * markup always matches. Templates keep the real React.
 */
const targets: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

export function preactForIslands(islandsDir: string, options: { external: boolean }): Plugin {
  const inside = islandsDir.endsWith(sep) ? islandsDir : `${islandsDir}${sep}`;
  return {
    name: 'preact-for-islands',
    setup(build) {
      build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, async (args) => {
        const target = targets[args.path];
        if (!target || !args.importer.startsWith(inside)) return undefined;
        if (options.external) return { path: target, external: true };
        return build.resolve(target, { kind: args.kind, resolveDir: args.resolveDir });
      });
    },
  };
}
