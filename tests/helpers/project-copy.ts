import { cp, mkdir, mkdtemp, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export const projectRoot = resolve(import.meta.dirname, '../..');
const PARTS = ['bin', 'cli', 'content', 'templates', 'islands', 'functions', 'site.config.yaml', 'package.json'];

/**
 * A throw-away copy of the project for tests that edit content or kill builds. node_modules
 * is linked, and so is the image cache (images are content-addressed, so sharing is safe and
 * spares every copy a cold encode).
 */
export async function copyProject(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'site-project-'));
  for (const part of PARTS) if (existsSync(join(projectRoot, part))) await cp(join(projectRoot, part), join(dir, part), { recursive: true });
  await symlink(join(projectRoot, 'node_modules'), join(dir, 'node_modules'));
  await mkdir(join(projectRoot, '.site', 'cache', 'images'), { recursive: true });
  await mkdir(join(dir, '.site', 'cache'), { recursive: true });
  await symlink(join(projectRoot, '.site', 'cache', 'images'), join(dir, '.site', 'cache', 'images'));
  return dir;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run `site` as a user would: node bin/site.mjs ARGS in the project folder. */
export async function runSite(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(cwd, 'bin', 'site.mjs'), ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
