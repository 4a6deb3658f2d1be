import { createRequire } from 'node:module';
import { join, sep } from 'node:path';
import { inputsDigest } from './firebase-memo.ts';

/**
 * dist/functions/package.json and its package-lock.json, taken from the project's own lockfile:
 * the packages the function needs at run time (the ones the bundle leaves external), at the
 * versions the tests ran against, with every package they pull in at the same version and
 * integrity. `npm ci` there (site deploy, and Cloud Build at deploy) installs exactly that.
 */
export interface LockPackage {
  version?: string;
  integrity?: string;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  [field: string]: unknown;
}

export interface LockFile {
  lockfileVersion: number;
  packages: Record<string, LockPackage>;
}

/** `node_modules/a/node_modules/@s/b` -> `node_modules/a`; a top-level package -> ''. */
function parentOf(path: string): string {
  const index = path.lastIndexOf('/node_modules/');
  return index < 0 ? '' : path.slice(0, index);
}

/** Where Node finds `name` from the package at `from`: its own node_modules, then each parent's. */
function resolveFrom(lock: LockFile, from: string, name: string): string | undefined {
  for (let base = from; ; base = parentOf(base)) {
    const path = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[path]) return path;
    if (base === '') return undefined;
  }
}

/** The edges npm installs: dependencies and required peers, and optional dependencies (optional peers it leaves out). */
function edges(entry: LockPackage): Array<{ name: string; optional: boolean }> {
  const requiredPeers = Object.keys(entry.peerDependencies ?? {}).filter(
    (name) => entry.peerDependenciesMeta?.[name]?.optional !== true,
  );
  return [
    ...[...Object.keys(entry.dependencies ?? {}), ...requiredPeers].map((name) => ({ name, optional: false })),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
  ];
}

/**
 * Every package reachable from `names`, keyed by its lockfile path, with whether only optional
 * edges lead there. A required package the lockfile lacks is an error: the install would differ.
 */
export function dependencyClosure(lock: LockFile, names: readonly string[]): Map<string, { optional: boolean }> {
  const found = new Map<string, { optional: boolean }>();
  const queue: Array<{ from: string; name: string; optional: boolean }> = names.map((name) => ({
    from: '',
    name,
    optional: false,
  }));
  while (queue.length) {
    const { from, name, optional } = queue.shift() as (typeof queue)[number];
    const path = resolveFrom(lock, from, name);
    if (!path) {
      if (optional) continue;
      throw new Error(`package-lock.json has no ${name} (needed by ${from || 'the functions'}): run npm install`);
    }
    const known = found.get(path);
    // Seen already, unless this is the first required way to a package reached only optionally so far.
    if (known && (known.optional === false || optional)) continue;
    found.set(path, { optional });
    const entry = lock.packages[path] as LockPackage;
    for (const edge of edges(entry)) queue.push({ from: path, name: edge.name, optional: optional || edge.optional });
  }
  return found;
}

/**
 * The lockfile that installed `name`: the one beside the node_modules folder it is in (this
 * repository's, or the project's when site is itself a dependency), undefined when not installed.
 */
export function lockfileOf(root: string, name: string): string | undefined {
  let entry: string;
  try {
    entry = createRequire(join(root, 'package.json')).resolve(name);
  } catch {
    return undefined;
  }
  const index = entry.indexOf(`${sep}node_modules${sep}`);
  return index < 0 ? undefined : join(entry.slice(0, index), 'package-lock.json');
}

/** The installed version of a top-level package, from the lockfile. */
export function lockedVersion(lock: LockFile, name: string): string {
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`package-lock.json has no ${name}: run npm install`);
  return version;
}

export interface FunctionsPackage {
  packageJson: Record<string, unknown>;
  packageLock: Record<string, unknown>;
}

export function functionsPackage(
  lock: LockFile,
  options: { names: readonly string[]; node: string; description: string },
): FunctionsPackage {
  const dependencies = Object.fromEntries(options.names.map((name) => [name, lockedVersion(lock, name)]));
  const name = 'site-functions';
  const packageJson = {
    name,
    private: true,
    description: options.description,
    main: 'index.js',
    engines: { node: options.node },
    dependencies,
  };
  const packages: Record<string, LockPackage> = { '': { name, dependencies, engines: { node: options.node } } };
  const closure = dependencyClosure(lock, options.names);
  for (const path of [...closure.keys()].sort()) {
    // The project's flags say how the project reaches a package; here everything is a run-time need.
    const {
      dev: _dev,
      devOptional: _devOptional,
      optional: _optional,
      peer: _peer,
      ...entry
    } = lock.packages[path] as LockPackage;
    packages[path] = closure.get(path)?.optional ? { ...entry, optional: true } : entry;
  }
  return { packageJson, packageLock: { name, lockfileVersion: 3, requires: true, packages } };
}

/** A file of dist/functions with the digest of what decides it, for KeptFiles. */
export interface DigestedFile {
  path: string;
  digest: string;
  contents: () => string;
}

/**
 * dist/functions' package.json and package-lock.json from the lockfile's text, each with the
 * digest of that text, the options and the tool: an edit build links them from the build before
 * (kept-files.ts) without parsing the 460 KB lockfile and walking its packages (~8 ms at 4,000
 * sources; issue 21). Made once, for both, when either is written.
 */
export async function functionsPackageFiles(
  lockText: string,
  options: { names: readonly string[]; node: string; description: string },
): Promise<DigestedFile[]> {
  const digest = await inputsDigest([lockText, options.names.join(' '), options.node, options.description]);
  let pkg: FunctionsPackage | undefined;
  const made = () => (pkg ??= functionsPackage(JSON.parse(lockText) as LockFile, options));
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return [
    { path: 'functions/package.json', digest, contents: () => json(made().packageJson) },
    { path: 'functions/package-lock.json', digest, contents: () => json(made().packageLock) },
  ];
}
