import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import {
  dependencyClosure,
  functionsPackage,
  functionsPackageFiles,
  lockfileOf,
  type LockFile,
  type LockPackage,
} from '../../cli/build/functions-package.ts';
import { FUNCTIONS_PACKAGES } from '../../functions/firebase/config.ts';

/** dist/functions' package.json and lockfile are cut from the project's lockfile, never written by hand. */
const lock = (packages: Record<string, LockPackage>): LockFile => ({
  lockfileVersion: 3,
  packages: { '': {}, ...packages },
});

describe('the dependency closure, as Node resolves it', () => {
  const small = lock({
    'node_modules/app': {
      version: '1.0.0',
      dependencies: { lib: '^2' },
      optionalDependencies: { native: '1', absent: '1' },
      peerDependencies: { peer: '*', extra: '*' },
      peerDependenciesMeta: { extra: { optional: true } },
    },
    'node_modules/app/node_modules/lib': { version: '2.0.0', dependencies: { shared: '*' } },
    'node_modules/lib': { version: '1.0.0', dev: true },
    'node_modules/shared': { version: '3.0.0', dev: true },
    'node_modules/peer': { version: '1.0.0', devOptional: true },
    'node_modules/native': { version: '1.0.0', optional: true, dependencies: { shared: '*' } },
    'node_modules/extra': { version: '1.0.0', dev: true },
    'node_modules/unrelated': { version: '1.0.0' },
  });

  test('a nested copy wins over the top-level one; peers come, optional peers and unrelated packages do not', () => {
    expect([...dependencyClosure(small, ['app']).keys()].sort()).toEqual([
      'node_modules/app',
      'node_modules/app/node_modules/lib',
      'node_modules/native',
      'node_modules/peer',
      'node_modules/shared',
    ]);
  });

  test('optional only where every way there is optional; a required way wins', () => {
    const closure = dependencyClosure(small, ['app']);
    expect(closure.get('node_modules/native')).toEqual({ optional: true });
    expect(closure.get('node_modules/shared')).toEqual({ optional: false });
  });

  test("the lockfile: exact versions at the root, the project's entries without its dev flags", () => {
    const { packageJson, packageLock } = functionsPackage(small, { names: ['app'], node: '22', description: 'test' });
    expect(packageJson).toMatchObject({ engines: { node: '22' }, dependencies: { app: '1.0.0' } });
    const packages = (packageLock as { packages: Record<string, LockPackage> }).packages;
    expect(packages['']).toEqual({ name: 'site-functions', dependencies: { app: '1.0.0' }, engines: { node: '22' } });
    expect(packages['node_modules/shared']).toEqual({ version: '3.0.0' });
    expect(packages['node_modules/peer']).toEqual({ version: '1.0.0' });
    expect(packages['node_modules/native']).toEqual({
      version: '1.0.0',
      optional: true,
      dependencies: { shared: '*' },
    });
  });

  test('a required package the lockfile lacks is an error', () => {
    expect(() => dependencyClosure(lock({ 'node_modules/app': { dependencies: { gone: '1' } } }), ['app'])).toThrow(
      'package-lock.json has no gone (needed by node_modules/app): run npm install',
    );
  });
});

test('the lockfile is the one beside the node_modules the packages are installed in', () => {
  expect(lockfileOf(resolve('.'), 'firebase-functions')).toBe(resolve('package-lock.json'));
  expect(lockfileOf(tmpdir(), 'firebase-functions')).toBeUndefined();
});

describe("from this project's lockfile", () => {
  const project = JSON.parse(readFileSync('package-lock.json', 'utf8')) as LockFile;
  const { packageJson, packageLock } = functionsPackage(project, {
    names: FUNCTIONS_PACKAGES,
    node: '22',
    description: 'test',
  });
  const packages = (packageLock as { packages: Record<string, LockPackage> }).packages;

  test("the function's packages at the versions the tests run against", () => {
    expect((packageJson as { dependencies: Record<string, string> }).dependencies).toEqual(
      Object.fromEntries(FUNCTIONS_PACKAGES.map((name) => [name, project.packages[`node_modules/${name}`]?.version])),
    );
  });

  test("every entry is the project's own (same version and integrity), and every required dependency is in it", () => {
    for (const [path, entry] of Object.entries(packages)) {
      if (path === '') continue;
      expect(entry.integrity, path).toBe(project.packages[path]?.integrity);
      for (const name of Object.keys(entry.dependencies ?? {})) {
        const found = [
          path,
          ...path
            .split('/node_modules/')
            .slice(0, -1)
            .map((_, i, parts) => parts.slice(0, i + 1).join('/node_modules/')),
          '',
        ].some((base) => packages[base ? `${base}/node_modules/${name}` : `node_modules/${name}`]);
        expect(found, `${path} needs ${name}`).toBe(true);
      }
    }
  });
});

describe('the package files with their digest (linked from the build before when it is the same)', () => {
  const text = JSON.stringify(lock({ 'node_modules/app': { version: '1.0.0' } }));
  const options = { names: ['app'], node: '22', description: 'test' };
  const digests = async (lockText: string, opts = options) =>
    (await functionsPackageFiles(lockText, opts)).map((file) => file.digest);

  test('the texts functionsPackage makes, under their paths in dist/', async () => {
    const files = await functionsPackageFiles(text, options);
    const { packageJson, packageLock } = functionsPackage(JSON.parse(text) as LockFile, options);
    expect(files.map((file) => [file.path, file.contents()])).toEqual([
      ['functions/package.json', `${JSON.stringify(packageJson, null, 2)}\n`],
      ['functions/package-lock.json', `${JSON.stringify(packageLock, null, 2)}\n`],
    ]);
  });

  test('the same lockfile and options: the same digest; another lockfile, runtime or package list: another', async () => {
    const same = await digests(text);
    expect(await digests(text)).toEqual(same);
    const other = JSON.stringify(lock({ 'node_modules/app': { version: '1.0.1' } }));
    expect((await digests(other))[0]).not.toBe(same[0]);
    expect((await digests(text, { ...options, node: '24' }))[0]).not.toBe(same[0]);
    expect((await digests(text, { ...options, names: [] }))[0]).not.toBe(same[0]);
  });
});
