import type { Plugin } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { escapeRegex } from './firebase-redirects.ts';

/** A literal `import('./x.ts')` (or `import(/* comment *\/ "./x.ts")`, or a template string without substitutions). */
const LAZY_IMPORT = /\bimport\(\s*(?:\/\*[\s\S]*?\*\/\s*)?(['"`])(\.[^'"`]*)\1\s*\)/g;

/** The relative paths islands/ code passes to `import()` as written, each once. */
export function lazyImportPaths(islandsDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(islandsDir, { recursive: true, encoding: 'utf8' });
  } catch {
    return []; // a site without islands
  }
  const files = names.filter((name) => /\.[cm]?[jt]sx?$/.test(name));
  const paths = files.flatMap((name) =>
    [...readFileSync(join(islandsDir, name), 'utf8').matchAll(LAZY_IMPORT)].map((match) => match[2]!),
  );
  return [...new Set(paths)].sort();
}

/**
 * For the templates' server bundle: an island's `import()` stays an `import()` of the path as
 * written instead of being bundled. What islands load that way runs in the browser only (Firebase's
 * SDK for signing in: islands/lib/auth/identity.ts); the server renders an island's first markup
 * and never calls it. Bundled into one server module, esbuild would hoist the lazy module's own
 * imports (firebase/app, firebase/auth) to the top of the templates' module, and every build and
 * render worker would load the SDK before its first page (~70 ms of CPU each). Called on the
 * server after all, the import fails (no such file beside the bundle): an error, never a silence.
 *
 * Only the paths islands/ passes to `import()` go through this plugin: with every relative import
 * matched, each of the templates' ~450 imports waited for a turn of the build's main thread, busy
 * validating and rendering Markdown, and the bundle took 1.5 s of a cold build (issue 21).
 */
export function browserOnlyImports(islandsDir: string): Plugin {
  const inside = islandsDir.endsWith(sep) ? islandsDir : `${islandsDir}${sep}`;
  return {
    name: 'islands-browser-only-imports',
    setup(build) {
      const paths = lazyImportPaths(islandsDir);
      if (!paths.length) return;
      build.onResolve({ filter: new RegExp(`^(?:${paths.map(escapeRegex).join('|')})$`) }, (args) =>
        args.kind === 'dynamic-import' && args.importer.startsWith(inside)
          ? { path: args.path, external: true }
          : undefined,
      );
    },
  };
}
