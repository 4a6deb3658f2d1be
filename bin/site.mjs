#!/usr/bin/env node
// Thin launcher: the CLI is TypeScript in cli/. It is bundled once with esbuild into
// .site/cli/ and rebuilt only when one of its source files is newer, so `npx site` needs no
// separate compile step after `npm ci` and a developer's edit is picked up on the next run.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's development build is several times slower and its warnings are for template authors,
// who run the tests; pages are always rendered with the production build unless asked otherwise.
process.env.NODE_ENV ??= 'production';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
// main: the CLI; worker: the build's worker threads (render, Markdown), a file of their own.
const entries = { main: join(packageRoot, 'cli', 'main.ts'), worker: join(packageRoot, 'cli', 'build', 'worker.ts') };
const bundle = join(packageRoot, '.site', 'cli', 'main.mjs');

// The files the bundle was made from (esbuild's metafile), written beside it: cli/ imports
// functions/, templates/ and islands/ too, and an edit there (a pull) must rebundle as well. A new
// file matters only once an input imports it, and that input's time changes then.
const inputsFile = join(dirname(bundle), 'inputs.json');

function bundleIsStale() {
  let made;
  let inputs;
  try {
    made = statSync(bundle).mtimeMs;
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return true; // no bundle yet, or one from before inputs.json
  }
  return inputs.some(
    (input) => (statSync(join(packageRoot, input), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) > made,
  );
}

if (bundleIsStale()) {
  // Written to a temporary name and renamed, so concurrent runs never import a half-written file.
  const { build } = await import('esbuild'); // only when bundling: every other run skips loading it
  const { markdownItBundle, markdownItBeside } = await import('./plain-fields.mjs');
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
    plugins: [markdownItBeside],
  });
  const made = await Promise.all([cli, build(markdownItBundle(packageRoot, dirname(bundle)))]);
  const outputFiles = made.flatMap((result) => result.outputFiles);
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
}
// No process.setSourceMapsEnabled(true): Node would read and parse every chunk's map as it loads
// (~60 ms of each run); an internal error's stack is mapped when it is reported (cli/errors/error-text.ts).
const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv);
