/**
 * bin/site.mjs bundles cli/ into .site/cli/ (main.mjs, worker.mjs, search-worker.mjs and shared chunks, and main.cjs
 * for its own thread) when a source is newer, and clears chunks of earlier bundles once they are an
 * hour old.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, readdir, readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { missingPackage } from '../../cli/main.ts';
import { copyProject, projectRoot, removeProject, runSite } from '../helpers/project-copy.ts';

describe('the launcher', () => {
  let project: string;
  beforeAll(async () => {
    project = await copyProject({ imageCache: 'none' });
  });
  afterAll(() => removeProject(project));

  it('rebundles after an edit, keeping a recent old chunk and dropping an hour-old one', async () => {
    const first = await runSite(project, ['--help']);
    expect(first.code, first.stderr).toBe(0);
    const bundle = join(project, '.site', 'cli');
    const names = await readdir(bundle);
    expect(names).toEqual(expect.arrayContaining(['main.mjs', 'worker.mjs', 'search-worker.mjs']));
    expect(names.some((name) => /^chunk-\w+\.mjs$/.test(name))).toBe(true);

    const stale = join(bundle, 'chunk-STALE000.mjs');
    const recent = join(bundle, 'chunk-RECENT00.mjs');
    await writeFile(stale, 'export {};\n');
    await writeFile(recent, 'export {};\n');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);
    const source = join(project, 'cli', 'main.ts');
    const soon = new Date(Date.now() + 5_000);
    await utimes(source, soon, soon); // newer than the bundle: the next run bundles again

    const again = await runSite(project, ['--version']);
    expect(again.code, again.stderr).toBe(0);
    const after = await readdir(bundle);
    expect(after).not.toContain('chunk-STALE000.mjs');
    expect(after).toContain('chunk-RECENT00.mjs');
  });

  it("runs the CLI as main.cjs with V8's code cache, dropped at a rebundle, and runs on when the cache is damaged", async () => {
    const bundle = join(project, '.site', 'cli');
    const help = await runSite(project, ['--help']);
    expect(help.code, help.stderr).toBe(0);
    const cache = join(bundle, 'code-cache', 'none'); // `site --help` names no command
    const entries = await readdir(cache);
    expect(entries.length).toBeGreaterThan(0); // main.cjs and commander's modules
    for (const entry of entries) await writeFile(join(cache, entry), 'not V8 code');
    const again = await runSite(project, ['--help']);
    expect([again.code, again.stdout, again.stderr]).toEqual([0, help.stdout, help.stderr]);

    await writeFile(join(cache, 'left-by-the-old-bundle'), '');
    const soon = new Date(Date.now() + 5_000);
    await utimes(join(project, 'cli', 'main.ts'), soon, soon);
    expect((await runSite(project, ['--version'])).code).toBe(0); // rebundled
    expect(await readdir(cache)).not.toContain('left-by-the-old-bundle'); // the whole cache went with the old bundle
    await utimes(join(project, 'cli', 'main.ts'), new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
  });

  it('rebundles after an edit in functions/ or templates/, which the CLI bundles too; not when nothing changed', async () => {
    const main = join(project, '.site', 'cli', 'main.mjs');
    const bundled = async () => {
      const result = await runSite(project, ['--version']);
      expect(result.code, result.stderr).toBe(0);
      return (await stat(main)).mtimeMs;
    };
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(join(project, 'cli', 'main.ts'), hourAgo, hourAgo); // the test above dated it ahead
    const first = await bundled();
    expect(await bundled()).toBe(first);
    const inputs = JSON.parse(await readFile(join(project, '.site', 'cli', 'inputs.json'), 'utf8')) as string[];
    for (const source of ['functions/index.ts', 'shared/event-clock.ts']) {
      expect(inputs).toContain(source);
      const before = await bundled();
      const soon = new Date(Date.now() + 5_000);
      await utimes(join(project, source), soon, soon);
      expect(await bundled(), source).toBeGreaterThan(before);
    }
    // Dated back: a source still ahead of the clock would rebundle the runs of the tests after this one.
    for (const source of ['functions/index.ts', 'shared/event-clock.ts'])
      await utimes(join(project, source), hourAgo, hourAgo);
  });

  it("loads child_process and worker_threads in the CLI's thread only when they are used (not for `site --version`)", async () => {
    const preload = join(project, 'builtins-loaded.cjs');
    await writeFile(
      preload,
      "process.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList.filter((m) => /^NativeModule (child_process|worker_threads)$/.test(m)))));\n",
    );
    expect((await runSite(project, ['--version'])).code).toBe(0); // bundled (esbuild's service is a child process)
    const result = await runSite(project, ['--version'], { env: { NODE_OPTIONS: `--require ${preload}` } });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stderr)).toEqual([]);
  });

  it('a package missing from node_modules (a pull without npm ci) is a problem that says to run npm ci, not an internal error', async () => {
    // The copy's node_modules: every installed package but ical-generator, which the build's calendars stage imports.
    const modules = join(project, 'node_modules');
    await rm(modules, { recursive: true, force: true });
    await mkdir(modules);
    for (const name of await readdir(join(projectRoot, 'node_modules')))
      if (name !== 'ical-generator') await symlink(join(projectRoot, 'node_modules', name), join(modules, name));
    const result = await runSite(project, ['build']);
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(result.stderr).toContain('PACKAGE_NOT_INSTALLED');
    expect(result.stderr).toContain('site needs the package ical-generator');
    expect(result.stderr).toContain('Run `npm ci`');
    expect(result.code).toBe(1);
  });
});

describe('missingPackage', () => {
  const notFound = (message: string, code = 'ERR_MODULE_NOT_FOUND') => Object.assign(new Error(message), { code });
  it.each([
    [notFound("Cannot find package 'feed' imported from /p/.site/cli/chunk-X.mjs"), 'feed'],
    [notFound("Cannot find package '@resvg/resvg-js' imported from /p/x.mjs"), '@resvg/resvg-js'],
    [notFound("Cannot find module '/p/.site/cli/chunk-GONE.mjs' imported from /p/.site/cli/main.mjs"), undefined], // our own file: a real bug
    [notFound("Cannot find package 'feed'", 'ENOENT'), undefined],
    // require's words, as the launcher's thread runs the CLI as CommonJS:
    [
      notFound("Cannot find module 'ical-generator'\nRequire stack:\n- /p/.site/cli/main.cjs", 'MODULE_NOT_FOUND'),
      'ical-generator',
    ],
    [notFound("Cannot find module 'firebase-admin/app'\nRequire stack:", 'MODULE_NOT_FOUND'), 'firebase-admin'],
    [notFound("Cannot find module '@resvg/resvg-js/index.js'\nRequire stack:", 'MODULE_NOT_FOUND'), '@resvg/resvg-js'],
    [notFound("Cannot find module './markdown-it.cjs'\nRequire stack:", 'MODULE_NOT_FOUND'), undefined], // our own file
    [notFound("Cannot find module '/p/.site/cli/main.cjs'", 'MODULE_NOT_FOUND'), undefined],
    [new Error('boom'), undefined],
    [null, undefined],
  ])('%s', (error, name) => {
    expect(missingPackage(error)).toBe(name);
  });
});
