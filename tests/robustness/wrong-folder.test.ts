/**
 * Every command run where it cannot work: from a folder inside the project (npx finds the command
 * from any folder under the project, so an editor in content/nl can type `npx site build`), or in
 * the project before anything was built. Each says what is missing and how to fix it (the project's
 * folder, when run inside one), exits 1, shows no stack trace and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../helpers/project-copy.ts';

// A project reduced to its config: every command here stops before it reads anything else.
let project: string;
beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'site-wrong-folder-'));
  await mkdir(join(project, 'content', 'nl'), { recursive: true });
  await copyFile(join(projectRoot, 'site.config.yaml'), join(project, 'site.config.yaml'));
});
afterAll(() => rm(project, { recursive: true, force: true }));

function site(cwd: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [join(projectRoot, 'bin', 'site.mjs'), ...args],
      // The timeout: `site dev` waiting for a config instead of stopping would hang the test.
      { cwd, env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: '' }, timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });
}

const inSubfolder = `No site.config.yaml in ${join('%s', 'content', 'nl')}.`;
const projectHint = 'run the command there (`cd ../..`), or pass `--root ../..`.';

describe.concurrent('a command run where it cannot work', () => {
  test.each([
    { command: 'build', code: 'CONFIG_NOT_FOUND' },
    { command: 'dev --port 0', code: 'CONFIG_NOT_FOUND' },
    { command: 'check', code: 'CONFIG_NOT_FOUND' },
    { command: 'check --content', code: 'CONFIG_NOT_FOUND' }, // its problems go to stdout, for editors
    { command: 'new news Nieuws', code: 'CONFIG_NOT_FOUND' },
    { command: 'schema', code: 'CONFIG_NOT_FOUND' },
    { command: 'serve', code: 'DIST_NOT_FOUND' },
    { command: 'deploy', code: 'DIST_NOT_FOUND' },
  ])('site $command from content/nl: $code', async ({ command, code }) => {
    const subfolder = join(project, 'content', 'nl');
    const result = await site(subfolder, command.split(' '));
    const output = result.stdout + result.stderr;
    expect(output).toContain(code);
    if (code === 'CONFIG_NOT_FOUND') {
      expect(output).toContain(inSubfolder.replace('%s', project));
      expect(output).toContain(`This folder is inside the project ${project}: ${projectHint}`);
    }
    expect(output).not.toMatch(/internal error|\n\s+at /);
    expect(result.code, output).toBe(1);
    expect(await readdir(subfolder), 'nothing written in the folder').toEqual([]);
  });

  test.each([['serve'], ['deploy']])('site %s in the project before a build: DIST_NOT_FOUND', async (command) => {
    const result = await site(project, [command]);
    expect(result.stderr).toContain(`DIST_NOT_FOUND\n  ${join(project, 'dist')} has no`);
    expect(result.stderr).toContain('Run `npx site build` first');
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(result.code, result.stderr).toBe(1);
  });

  test('outside any project, the hint says where to run it', async () => {
    const result = await site(tmpdir(), ['build']);
    expect(result.stderr).toContain(`No site.config.yaml in ${tmpdir()}.`);
    expect(result.stderr).toContain('Run the command from the project folder');
    expect(result.code, result.stderr).toBe(1);
  });
});
