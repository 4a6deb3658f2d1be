/**
 * `npx site` runs the launcher that `npm ci` linked into node_modules/.bin (issue 21: a command
 * starts in under 0.5 s). npx looks for a bin in the project's own package.json before it looks in
 * node_modules/.bin, and when it finds one it installs the project into its cache
 * (~/.npm/_npx/<hash>) and reads the whole node_modules tree first, on every run: seconds with
 * firebase-tools installed. So the project declares no bin; the command is the bin of a package of
 * its own in bin/, a `file:bin` dependency, which `npm ci` links like any dependency's.
 * bench/command-start.mjs measures the time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../helpers/project-copy.ts';

const readJson = (path: string) => JSON.parse(readFileSync(join(projectRoot, path), 'utf8'));

// npm's own variables (from an `npm test` around vitest) are left out: a user's shell has none.
// An empty npm cache of its own shows whether npx installed the project there.
let cache: string;
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
beforeAll(async () => {
  cache = await mkdtemp(join(tmpdir(), 'npx-cache-'));
  Object.assign(env, {
    npm_config_cache: cache,
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
    NODE_OPTIONS: '',
  });
});
afterAll(() => rm(cache, { recursive: true, force: true }));

describe('npx site', () => {
  it('is the bin of the file:bin dependency, which the lockfile links, and not a bin of the project itself', () => {
    const manifest = readJson('package.json');
    expect(manifest.bin, 'a bin in package.json sends every `npx site` through npx’s cache').toBeUndefined();
    expect(manifest.dependencies['site-cli']).toBe('file:bin');
    expect(readJson('bin/package.json').bin).toEqual({ site: 'site.mjs' });
    // A copy instead of a link (a user's install-links=true) would run the launcher from node_modules.
    expect(readFileSync(join(projectRoot, '.npmrc'), 'utf8')).toMatch(/^install-links=false$/m);
    const lock = readJson('package-lock.json');
    expect(lock.packages[''].bin).toBeUndefined();
    expect(lock.packages['node_modules/site-cli']).toEqual({ resolved: 'bin', link: true });
    expect(lock.packages.bin.bin).toEqual({ site: 'site.mjs' });
    const linked = join(projectRoot, 'node_modules', '.bin', 'site');
    expect(existsSync(linked), 'no node_modules/.bin/site: run npm ci').toBe(true);
    expect(realpathSync(linked)).toBe(realpathSync(join(projectRoot, 'bin', 'site.mjs')));
  });

  it('starts the local launcher, in the project and in a subfolder, without installing anything into npx’s cache', async () => {
    for (const cwd of [projectRoot, join(projectRoot, 'content', 'nl', 'news')]) {
      const { stdout } = await promisify(execFile)('npx', ['site', '--version'], { cwd, env });
      expect(stdout.trim(), cwd).toBe(readJson('package.json').version);
    }
    expect(existsSync(join(cache, '_npx')), 'npx installed the project into its cache to run site').toBe(false);
  });

  it('before npm ci, stops with npm’s error instead of fetching the unrelated package "site" from the registry', async () => {
    // npx takes a command it cannot find for a package of that name, and there is one called
    // site on npm; the project being called site is what keeps npx at home (and offline, a
    // look in the registry would fail with ENOTCACHED instead).
    const clone = await mkdtemp(join(tmpdir(), 'npx-before-ci-'));
    try {
      await copyFile(join(projectRoot, 'package.json'), join(clone, 'package.json'));
      const run = await promisify(execFile)('npx', ['site', '--version'], { cwd: clone, env }).then(
        (done) => ({ code: 0, ...done }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain('could not determine executable to run');
      expect(existsSync(join(cache, '_npx'))).toBe(false);
    } finally {
      await rm(clone, { recursive: true, force: true });
    }
  });
});
