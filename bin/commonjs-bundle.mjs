// The CLI once more as one CommonJS file (main.cjs, with markdown-it.cjs beside it), for the
// launcher's own thread: Node 20 compiles every ES module again in every run (module.enableCompileCache
// is Node 22's), while a CommonJS module can be compiled from V8's code cache (./code-cache.mjs). The
// ES module chunks stay for the worker threads (worker.mjs). One file, not chunks: esbuild splits only
// ES modules, and between CommonJS chunks every imported name is read through a getter. A command's
// modules and the packages they import still load only when it runs: esbuild wraps each module that
// only a dynamic import() reaches in a function it calls then.
import { createRequire } from 'node:module';
import { markdownItBeside, markdownItBundle } from './plain-fields.mjs';

const require = createRequire(import.meta.url);

/** esbuild options for main.cjs; `main` is cli/main.ts, `outdir` the bundle's folder. */
export function commonjsBundle(packageRoot, main, outdir) {
  return {
    absWorkingDir: packageRoot,
    entryPoints: { main },
    outdir,
    outExtension: { '.js': '.cjs' },
    write: false,
    bundle: true,
    metafile: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'error',
    jsx: 'automatic',
    // The code finds worker.mjs, main.mjs and the package's root beside itself, as the chunks do.
    define: { 'import.meta.url': '__moduleUrl' },
    banner: { js: 'const __moduleUrl = require("node:url").pathToFileURL(__filename).href;' },
    // Every import() as a require in a promise: code V8 cached cannot call import() (code-cache.mjs).
    supported: { 'dynamic-import': false },
    plugins: [markdownItBeside('./markdown-it.cjs'), builtinsOnUse(ON_USE), packagesInside(INSIDE)],
  };
}

/**
 * Packages bundled into main.cjs rather than required from node_modules: pure JavaScript that every
 * build loads. Required, each of a package's modules is resolved, read, hashed and compiled from its
 * own code cache entry (zod: ~95 modules, ~60 of them every language's messages); inside, they are
 * part of main.cjs's one entry (a title edit -0.07 CPU-s, bench/RESULTS.md). Not packages that read
 * files beside their own (ical-timezones) or load native code (sharp).
 */
const INSIDE = new Set(['zod', 'commander']);

/**
 * Node's own modules that the CLI's thread loads when they are first used, not as the modules that
 * import them start: commander requires child_process for its external subcommands, which this CLI
 * has none of, and the build's output and worker pool import them for what a build with nothing to
 * do never runs. Compiling child_process was 8.7 ms and worker_threads 2.5 ms of every command's
 * start (bench/RESULTS.md, noop21l). Each is a module whose exports are getters that require it.
 */
const ON_USE = ['child_process', 'worker_threads'];

const builtinsOnUse = (names) => ({
  name: 'builtins-on-use',
  setup(build) {
    const filter = new RegExp(`^(node:)?(${names.join('|')})$`);
    build.onResolve({ filter }, ({ path, namespace }) =>
      namespace === 'on-use' ? { path, external: true } : { path: path.replace(/^node:/, ''), namespace: 'on-use' },
    );
    build.onLoad({ filter: /.*/, namespace: 'on-use' }, ({ path }) => ({
      loader: 'js',
      contents: [
        `let loaded;`,
        `const load = () => (loaded ??= require("node:${path}"));`,
        `for (const name of ${JSON.stringify(Object.keys(require(`node:${path}`)))})`,
        `  Object.defineProperty(exports, name, { enumerable: true, get: () => load()[name] });`,
      ].join('\n'),
    }));
  },
});

/** Every other package stays a require of node_modules; zod without its translated messages. */
const packagesInside = (inside) => ({
  name: 'packages-inside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      const name = path.split('/', path.startsWith('@') ? 2 : 1).join('/');
      return inside.has(name) ? undefined : { path, external: true };
    });
    // The site's messages are its own (cli/errors); zod's English ones load by themselves (config(en())).
    build.onResolve({ filter: /[\\/]locales[\\/]index\.js$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(importer) ? { path: 'zod-locales', namespace: 'empty' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
});

/** esbuild options for markdown-it.cjs: module.exports is the MarkdownIt class, as the chunks' default import has it. */
export const commonjsMarkdownIt = (packageRoot, outdir) => ({
  ...markdownItBundle(packageRoot, outdir),
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  footer: { js: 'module.exports = module.exports.default;' },
});

/**
 * A package's default import as its ES module build has it. The sources are ES modules of a
 * `"type": "module"` package, so esbuild gives a default import of a CommonJS module Node's meaning,
 * module.exports (`__toESM(require("x"), 1)`); but the bundle now requires the package's CommonJS
 * build, whose `exports.default` is what its ES module build exports as default (ical-generator).
 * Without the 1, a module marked __esModule gives its `default`, any other module.exports.
 */
export const packageDefaults = (code) => code.replace(/__toESM\((require\("[^"]+"\)), 1\)/g, '__toESM($1)');
