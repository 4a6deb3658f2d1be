import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { problem, SiteError } from '../errors/site-error.ts';

/**
 * dist/functions made loadable: `firebase deploy` and the emulator load the functions on this
 * machine first, so its node_modules must hold what package-lock.json says. Each build writes a
 * new dist, so the packages are installed once per lockfile into .site/functions-modules/<hash>
 * (`npm ci`, from npm's cache when it has them: offline after `npm ci` of this project) and
 * linked in. Firebase never uploads node_modules; Cloud Build installs the same lockfile there.
 */
export interface Prepared {
  /** The folder the link points to. */
  modules: string;
  /** Whether npm ci ran (false: an earlier install of the same lockfile was reused). */
  installed: boolean;
  ms: number;
}

/** npm's variables from an `npx site` run would point npm ci at this project instead of the folder given. */
function npmEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^npm_(package_|lifecycle_|config_(local_)?prefix$|config_global$)/i.test(name),
    ),
  );
}

function npmCi(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npm',
      ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', dir],
      { cwd: dir, env: npmEnvironment(), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(errors.trim().split('\n').slice(-8).join('\n') || `exit code ${code}`)),
    );
  });
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Installs kept: the newest few, so a dist of an earlier build still finds its packages. */
const KEEP = 3;

async function tidy(cacheDir: string): Promise<void> {
  const entries = await readdir(cacheDir, { withFileTypes: true }).catch(() => []);
  const installs = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() && !entry.name.includes('.'))
      .map(async (entry) => ({
        path: join(cacheDir, entry.name),
        time: (await stat(join(cacheDir, entry.name))).mtimeMs,
      })),
  );
  const old = installs.sort((a, b) => b.time - a.time).slice(KEEP);
  await Promise.all(old.map((install) => rm(install.path, { recursive: true, force: true })));
}

export async function prepareFunctions(functionsDir: string, cacheDir: string): Promise<Prepared> {
  const started = Date.now();
  const [manifest, lock] = await Promise.all(
    ['package.json', 'package-lock.json'].map((name) => readFile(join(functionsDir, name), 'utf8')),
  );
  const key = createHash('sha256')
    .update(manifest as string)
    .update('\0')
    .update(lock as string)
    .digest('base64url')
    .slice(0, 16);
  const target = join(cacheDir, key);
  const modules = join(target, 'node_modules');
  // npm writes node_modules/.package-lock.json last: its presence means a complete install.
  const installed = !(await exists(join(modules, '.package-lock.json')));
  if (installed) {
    const work = `${target}.${process.pid}`;
    await rm(work, { recursive: true, force: true });
    await mkdir(work, { recursive: true });
    await Promise.all(
      ['package.json', 'package-lock.json'].map((name) => cp(join(functionsDir, name), join(work, name))),
    );
    try {
      await npmCi(work);
    } catch (error) {
      await rm(work, { recursive: true, force: true });
      throw new SiteError([problem('DEPLOY_PREPARE_FAILED', { dir: functionsDir, problem: (error as Error).message })]);
    }
    // Another run may have finished the same install meanwhile: theirs is as good, and in use.
    if (await exists(join(modules, '.package-lock.json'))) await rm(work, { recursive: true, force: true });
    else {
      await rm(target, { recursive: true, force: true });
      await rename(work, target);
    }
    await tidy(cacheDir);
  }
  const link = join(functionsDir, 'node_modules');
  await rm(link, { recursive: true, force: true });
  await symlink(modules, link, 'dir');
  return { modules, installed, ms: Date.now() - started };
}
