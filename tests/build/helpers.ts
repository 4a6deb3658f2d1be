import { spawn } from 'node:child_process';
import { cp, mkdir, readFile, readdir, readlink, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { expect } from 'vitest';

export const repoRoot = join(import.meta.dirname, '..', '..');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node bin/site.mjs ...args` of the project in `project`, as an editor runs it (no colour). */
export function runSite(args: string[], project = repoRoot): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(project, 'bin', 'site.mjs'), ...args], {
      cwd: project,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

/**
 * A copy of the project to break on purpose: the sources the build reads, node_modules linked,
 * and the image and Markdown cache copied so the copy does no image work the real one did.
 */
export async function copyProject(dest: string): Promise<string> {
  await mkdir(dest, { recursive: true });
  for (const name of ['cli', 'content', 'templates', 'islands', 'functions', 'bin']) {
    await cp(join(repoRoot, name), join(dest, name), { recursive: true });
  }
  for (const name of ['site.config.yaml', 'package.json', 'tsconfig.json']) await cp(join(repoRoot, name), join(dest, name));
  await symlink(join(repoRoot, 'node_modules'), join(dest, 'node_modules'), 'dir');
  if (existsSync(join(repoRoot, '.site', 'cache'))) await cp(join(repoRoot, '.site', 'cache'), join(dest, '.site', 'cache'), { recursive: true });
  return dest;
}

export async function editFile(project: string, path: string, from: string | RegExp, to: string): Promise<void> {
  const file = join(project, path);
  const text = await readFile(file, 'utf8');
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`fixture: ${String(from)} not in ${path}`);
  await writeFile(file, changed);
}

/** Every file under `dir`, relative, with forward slashes, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

export const linkTarget = (out: string): Promise<string> => readlink(out);

/** The file in dist/public for a URL path (the contract `site serve` and Firebase rely on). */
export const fileOf = (path: string): string => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

/** What changes from build to build without the site changing: dates, content hashes, placeholders. */
export function normalise(html: string, buildDate: string): string {
  return html
    .replaceAll(buildDate, '{{BUILD_DATE}}')
    .replace(/© \d{4}/g, '© {{YEAR}}')
    .replace(/(\/(?:assets|images)\/[\w.-]+?)\.[0-9a-f]{8,}\.(\w+)/g, '$1.[hash].$2')
    .replace(/(\/islands\/[\w-]+?)-[A-Z0-9]{8}\.js/g, '$1-[hash].js')
    .replace(/data:image\/(\w+);base64,[A-Za-z0-9+/=]+/g, 'data:image/$1;base64,[placeholder]')
    .replace(/></g, '>\n<');
}

/**
 * Compare with tests/build/golden/<name>; UPDATE_GOLDEN=1 rewrites the file instead. A missing
 * golden fails: it is written only on purpose.
 */
export async function expectGolden(name: string, actual: string): Promise<void> {
  const file = join(import.meta.dirname, 'golden', name);
  if (process.env.UPDATE_GOLDEN === '1') {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, actual);
    return;
  }
  const expected = await readFile(file, 'utf8').catch(() => undefined);
  expect(expected, `no golden ${name}: run UPDATE_GOLDEN=1 npx vitest run tests/build`).toBeDefined();
  expect(actual, `${name} differs from its golden (if the change is meant: UPDATE_GOLDEN=1 npx vitest run tests/build)`).toBe(expected);
}
