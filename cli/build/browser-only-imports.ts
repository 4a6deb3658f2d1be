import type { Plugin } from 'esbuild';
import { sep } from 'node:path';

/**
 * For the templates' server bundle: an island's `import()` stays an `import()` of the path as
 * written instead of being bundled. What islands load that way runs in the browser only (Firebase's
 * SDK for signing in: islands/lib/auth/identity.ts); the server renders an island's first markup
 * and never calls it. Bundled into one server module, esbuild would hoist the lazy module's own
 * imports (firebase/app, firebase/auth) to the top of the templates' module, and every build and
 * render worker would load the SDK before its first page (~70 ms of CPU each). Called on the
 * server after all, the import fails (no such file beside the bundle): an error, never a silence.
 */
export function browserOnlyImports(islandsDir: string): Plugin {
  const inside = islandsDir.endsWith(sep) ? islandsDir : `${islandsDir}${sep}`;
  return {
    name: 'islands-browser-only-imports',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) =>
        args.kind === 'dynamic-import' && args.importer.startsWith(inside)
          ? { path: args.path, external: true }
          : undefined,
      );
    },
  };
}
