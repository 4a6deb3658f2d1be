#!/usr/bin/env node
// Thin launcher: the CLI is TypeScript in cli/. It is bundled once with esbuild into
// .site/cli/ and rebuilt only when one of its source files is newer, so `npx site` needs no
// separate compile step after `npm ci` and a developer's edit is picked up on the next run.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { useCodeCache } from './code-cache.mjs';

// A build's heap at its peak is mostly garbage: on a machine whose heap limit is 2 GB or more, V8
// lets the old generation grow to up to 4 x what is live before it collects it again (on a machine
// with a limit just under 2 GB, 2 x). Grown by as much as is live (factor 2) a build of 4,000
// sources peaked 20-30 MB lower at the same CPU within the noise; by half (1.5) another 15-20 MB
// lower but at ~5 % more CPU (bench/RESULTS.md, mem21). Not a limit: a larger site only collects
// more often. Set here, before any module is compiled, for every command (site dev builds too; the
// flag applies to the render workers as well): V8 takes cached code only under the flags it was made
// with, and set in the middle of a run it would make the code cached at its end fit no later run's
// start (./code-cache.mjs).
setFlagsFromString('--heap-growing-percent=100');

// React's development build is several times slower and its warnings are for template authors,
// who run the tests; pages are always rendered with the production build unless asked otherwise.
process.env.NODE_ENV ??= 'production';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
// main: the CLI; worker: the build's worker threads (render, Markdown), a file of their own;
// search-worker: the search index's files, without the render's modules (cli/build/search-worker.ts).
const entries = {
  main: join(packageRoot, 'cli', 'main.ts'),
  worker: join(packageRoot, 'cli', 'build', 'worker.ts'),
  'search-worker': join(packageRoot, 'cli', 'build', 'search-worker.ts'),
};
const bundle = join(packageRoot, '.site', 'cli', 'main.mjs');
// What this thread runs: the same code as one CommonJS file (./commonjs-bundle.mjs says why).
const commonjsMain = join(dirname(bundle), 'main.cjs');
// V8's code for it and for the packages' CommonJS modules, kept between runs (./code-cache.mjs).
const codeCache = join(dirname(bundle), 'code-cache');

// The files the bundle was made from (esbuild's metafile), written beside it: cli/ imports
// functions/, templates/ and islands/ too, and an edit there (a pull) must rebundle as well. A new
// file matters only once an input imports it, and that input's time changes then.
const inputsFile = join(dirname(bundle), 'inputs.json');

function bundleIsStale() {
  let made;
  let inputs;
  try {
    made = statSync(bundle).mtimeMs;
    statSync(commonjsMain); // a bundle from before main.cjs
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return true; // no bundle yet, or one from before inputs.json
  }
  // Paths joined as text, one options object: path.join normalised each of the ~300 paths again.
  const options = { throwIfNoEntry: false };
  return inputs.some((input) => (statSync(`${packageRoot}/${input}`, options)?.mtimeMs ?? Infinity) > made);
}

if (bundleIsStale()) {
  // Written to a temporary name and renamed, so concurrent runs never import a half-written file.
  const { build } = await import('esbuild'); // only when bundling: every other run skips loading it
  const { markdownItBundle, markdownItBeside } = await import('./plain-fields.mjs');
  const { commonjsBundle, commonjsMarkdownIt, packageDefaults } = await import('./commonjs-bundle.mjs');
  const cli = build({
    absWorkingDir: packageRoot,
    metafile: true,
    entryPoints: entries,
    outdir: dirname(bundle),
    outExtension: { '.js': '.mjs' },
    write: false,
    bundle: true,
    // Chunks: each command's code (and the packages it imports) loads when that command runs;
    // one file would import Firebase Admin, pg and the dev server before every `site build`.
    splitting: true,
    // Chunks beside main.mjs and worker.mjs: code in a chunk finds worker.mjs next to itself.
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'error',
    jsx: 'automatic',
    // markdown-it is a module of its own beside the chunks (./plain-fields.mjs says why).
    plugins: [markdownItBeside()],
  });
  const made = await Promise.all([
    cli,
    build(markdownItBundle(packageRoot, dirname(bundle))),
    build(commonjsBundle(packageRoot, entries.main, dirname(bundle))),
    build(commonjsMarkdownIt(packageRoot, dirname(bundle))),
  ]);
  const outputFiles = made
    .flatMap((result) => result.outputFiles)
    .map((file) => (file.path === commonjsMain ? { path: file.path, contents: packageDefaults(file.text) } : file));
  const inputs = Object.assign({}, ...made.map((result) => result.metafile.inputs));
  // main.mjs last: its time says the bundle is fresh, so a run killed between two renames must
  // leave it old, or the next run would keep a stale (or missing) worker.mjs (issue 11).
  const written = [
    ...outputFiles,
    {
      path: inputsFile,
      contents: JSON.stringify(Object.keys(inputs).filter((input) => !input.includes(':'))),
    },
  ];
  for (const file of written.sort((a, b) => Number(a.path === bundle) - Number(b.path === bundle))) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  // Chunks of earlier bundles go once they are an hour old: a `site dev` started before the edit
  // may still load one of its own on demand meanwhile.
  const current = new Set(outputFiles.map((file) => file.path));
  for (const name of readdirSync(dirname(bundle))) {
    const path = join(dirname(bundle), name);
    const made = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now(); // gone already: another run cleaned up
    if (name.startsWith('chunk-') && !current.has(path) && made < Date.now() - 3_600_000) rmSync(path, { force: true });
  }
  // Entries are named by their module's text: the old bundle's would only be left to lie there.
  rmSync(codeCache, { recursive: true, force: true });
}
// No process.setSourceMapsEnabled(true): Node would read and parse every chunk's map as it loads
// (~60 ms of each run); an internal error's stack is mapped when it is reported (cli/errors/error-text.ts).
// Each command its own entries, so that `site --help` does not read a build's code.
const command = process.argv.slice(2).find((arg) => /^[a-z]+$/.test(arg)) ?? 'none';
// `site build --watch` runs for hours and loads each edit's templates anew, as `site dev` does: its
// bytecode is flushed, so its entries are its own (made under other flags than a build's).
const watching = command === 'build' && process.argv.includes('--watch');
useCodeCache(join(codeCache, watching ? 'build-watch' : command), {
  own: [commonjsMain, join(dirname(bundle), 'markdown-it.cjs')],
  // The same flags in every run of a command: V8 takes cached code only under the flags it was made with.
  keepBytecode: command === 'build' && !watching,
});
const { main } = createRequire(import.meta.url)(commonjsMain);
process.exitCode = await main(process.argv);
