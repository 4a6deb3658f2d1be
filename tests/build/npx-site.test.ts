/**
 * `npx site` runs the launcher that `npm ci` linked into node_modules/.bin (issue 21: a command
 * starts in under 0.5 s). npx looks for a bin in the project's own package.json before it looks in
 * node_modules/.bin, and when it finds one it installs the project into its cache
 * (~/.npm/_npx/<hash>) and reads the whole node_modules tree first, on every run: seconds with
 * firebase-tools installed. So the project declares no bin; the command is the bin of a package of
 * its own in bin/, a `file:bin` dependency, which `npm ci` links like any dependency's.
 * bench/command-start.mjs measures the time.
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../helpers/project-copy.ts';

const readJson = (path: string) => JSON.parse(readFileSync(join(projectRoot, path), 'utf8'));

describe('npx site', () => {
  it('is the bin of the file:bin dependency, which the lockfile links, and not a bin of the project itself', () => {
    const manifest = readJson('package.json');
    expect(manifest.bin, 'a bin in package.json sends every `npx site` through npx’s cache').toBeUndefined();
    expect(manifest.dependencies['site-cli']).toBe('file:bin');
    expect(readJson('bin/package.json').bin).toEqual({ site: 'site.mjs' });
    const lock = readJson('package-lock.json');
    expect(lock.packages[''].bin).toBeUndefined();
    expect(lock.packages['node_modules/site-cli']).toEqual({ resolved: 'bin', link: true });
    expect(lock.packages.bin.bin).toEqual({ site: 'site.mjs' });
    expect(realpathSync(join(projectRoot, 'node_modules', '.bin', 'site'))).toBe(join(projectRoot, 'bin', 'site.mjs'));
  });

  it('starts the local launcher, in the project and in a subfolder, without installing anything into npx’s cache', async () => {
    // npm's own variables (from an `npm test` around vitest) are left out: a user's shell has none.
    // An empty npm cache of its own shows whether npx installed the project there.
    const cache = await mkdtemp(join(tmpdir(), 'npx-cache-'));
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
    Object.assign(env, {
      npm_config_cache: cache,
      npm_config_offline: 'true',
      npm_config_update_notifier: 'false',
      NODE_OPTIONS: '',
    });
    try {
      for (const cwd of [projectRoot, join(projectRoot, 'content', 'nl', 'news')]) {
        const { stdout } = await promisify(execFile)('npx', ['site', '--version'], { cwd, env });
        expect(stdout.trim(), cwd).toBe(readJson('package.json').version);
      }
      expect(existsSync(join(cache, '_npx')), 'npx installed the project into its cache to run site').toBe(false);
    } finally {
      await rm(cache, { recursive: true, force: true });
    }
  });
});
