/**
 * A build killed after it switched `dist` but before it cleared older builds leaves one build too
 * many; the next build of the same site has nothing to commit, and clears them instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdir, readdir, readlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { copyProject, removeProject, runSite } from '../helpers/project-copy.ts';
import { editFile } from './helpers.ts';

describe('builds left by killed builds', () => {
  let project: string;
  beforeAll(async () => {
    project = await copyProject({ smallImages: true });
  });
  afterAll(() => removeProject(project));

  it('a build with nothing to do keeps the current build and the one before it, and nothing else', async () => {
    const build = async () => {
      const result = await runSite(project, ['build']);
      expect(result.code, result.stderr).toBe(0);
      return result.stdout;
    };
    await build();
    await editFile(project, 'content/nl/pages/contact.md', /^title: .*$/m, 'title: Contact opnemen');
    await build();
    const store = join(project, '.dist-builds');
    const current = basename(await readlink(join(project, 'dist')));
    const [previous] = (await readdir(store)).filter((name) => name !== current);
    // What kills leave: an older complete build that a commit never got to remove, and a newer
    // half-written one; both of processes that are gone.
    await cp(join(store, previous!), join(store, '2000-01-01T00-00-00-000Z-99999'), { recursive: true });
    await mkdir(join(store, '2999-01-01T00-00-00-000Z-99998', 'public'), { recursive: true });
    await writeFile(
      join(store, '2999-01-01T00-00-00-000Z-99998', 'public', 'index.html'),
      '<!doctype html><title>half',
    );

    expect(await build()).toMatch(/nothing changed since the last build/);
    expect((await readdir(store)).sort()).toEqual([previous!, current].sort());
  });
});
