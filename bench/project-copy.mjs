// A copy of this project for a bench to build in: everything but what a build neither reads nor
// needs (the tool and the site share one repository), node_modules linked. What is left out is
// named, not what is copied: lists of what to copy went stale (shared/ was missed by three benches).
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const project = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const notBuilt = new Set([
  'node_modules',
  'tests',
  'test-results',
  'docs',
  'bench',
  'dist',
  '.git',
  '.site',
  '.dist-builds',
]);

export function copyProject(to) {
  mkdirSync(to, { recursive: true });
  for (const part of readdirSync(project).filter((name) => !notBuilt.has(name))) {
    cpSync(join(project, part), join(to, part), { recursive: true });
  }
  if (!existsSync(join(to, 'node_modules')))
    symlinkSync(join(project, 'node_modules'), join(to, 'node_modules'), 'dir');
}
