// Preloaded with `node --import` (moduleLogOptions): each module the process loads is written, one
// URL a line, to the file MODULE_LOG names, to prove what a command does not load.
import { register } from 'node:module';

register(new URL('./module-log-hooks.mjs', import.meta.url));
