#!/usr/bin/env node
// Thin launcher: the CLI is TypeScript in cli/. It is bundled once with esbuild into
// .site/cli/ and rebuilt only when a source file is newer, so `npx site` needs no
// separate compile step after `npm ci` and a developer's edit is picked up on the next run.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's development build is several times slower and its warnings are for template authors,
// who run the tests; pages are always rendered with the production build unless asked otherwise.
process.env.NODE_ENV ??= 'production';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
// main: the CLI; worker: the build's worker threads (render, Markdown), a file of their own.
const entries = { main: join(packageRoot, 'cli', 'main.ts'), worker: join(packageRoot, 'cli', 'build', 'worker.ts') };
const bundle = join(packageRoot, '.site', 'cli', 'main.mjs');

function newestSource(dir) {
  let newest = 0;
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, item.name);
    newest = Math.max(newest, item.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function bundleAge() {
  try {
    return statSync(bundle).mtimeMs;
  } catch {
    return -1;
  }
}

if (bundleAge() < newestSource(join(packageRoot, 'cli'))) {
  // Written to a temporary name and renamed, so concurrent runs never import a half-written file.
  const { build } = await import('esbuild'); // only when bundling: every other run skips loading it
  const { outputFiles } = await build({
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
  });
  // main.mjs last: its time says the bundle is fresh, so a run killed between two renames must
  // leave it old, or the next run would keep a stale (or missing) worker.mjs (issue 11).
  for (const file of [...outputFiles].sort((a, b) => Number(a.path === bundle) - Number(b.path === bundle))) {
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
process.setSourceMapsEnabled(true);
const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv);
