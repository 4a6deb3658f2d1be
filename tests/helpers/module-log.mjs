// Preloaded with `node --import` (moduleLogOptions): each module the process loads is written, one
// URL a line, to the file MODULE_LOG names, to prove what a command does not load. ES modules as
// Node's module hook sees them; CommonJS modules (the launcher's thread runs the CLI as main.cjs and
// requires the packages' CommonJS builds, bin/commonjs-bundle.mjs), which that hook does not see on
// Node 20, from require's cache when the process ends.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';

register(new URL('./module-log-hooks.mjs', import.meta.url));
process.once('exit', () => {
  const urls = Object.keys(Module._cache).map((file) => `${pathToFileURL(file).href}\n`);
  appendFileSync(process.env.MODULE_LOG, urls.join(''));
});
