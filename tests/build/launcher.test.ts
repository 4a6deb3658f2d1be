/**
 * bin/site.mjs bundles cli/ into .site/cli/ (main.mjs, worker.mjs and shared chunks) when a source
 * is newer, and clears chunks of earlier bundles once they are an hour old.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copyProject, removeProject, runSite } from '../helpers/project-copy.ts';

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
    expect(names).toEqual(expect.arrayContaining(['main.mjs', 'worker.mjs']));
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
});
