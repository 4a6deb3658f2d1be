// Preloaded with `node --import` (moduleLogOptions): each module the process loads is written, one
// URL a line, to the file MODULE_LOG names, to prove what a command does not load. ES modules as
// Node's module hook sees them; CommonJS modules (the launcher's thread runs the CLI as main.cjs and
// requires the packages' CommonJS builds, bin/commonjs-bundle.mjs), which that hook does not see on
// Node 20, from require's cache when the process ends. Packages bundled into main.cjs
// (bin/commonjs-bundle.mjs) are in neither: zod's code shows by the globals it makes when it runs,
// written as `global:<name>` lines.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';

register(new URL('./module-log-hooks.mjs', import.meta.url));
const globalsAtStart = new Set(Object.keys(globalThis));
process.once('exit', () => {
  const urls = Object.keys(Module._cache).map((file) => `${pathToFileURL(file).href}\n`);
  const globals = Object.keys(globalThis).filter((name) => !globalsAtStart.has(name));
  appendFileSync(process.env.MODULE_LOG, [...urls, ...globals.map((name) => `global:${name}\n`)].join(''));
});
