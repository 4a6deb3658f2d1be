/**
 * The builds older than the current one are removed while a new build is written (in `rm`'s own
 * process, beside it), not after it has finished: the commit then has nothing left to wait for.
 * The current build stays until the commit, so a build that fails leaves `dist` whole.
 */
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OutputDir, buildsFolder } from '../../cli/build/output.ts';
import { committedBuild } from '../helpers/committed-build.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'site-output-clearing-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('OutputDir: older builds cleared beside the new one', () => {
  test('the build before the current one and a killed build go before the commit; a failed build leaves dist', async () => {
    const dist = join(root, 'dist');
    const builds = async () => (await readdir(buildsFolder(dist))).sort();
    const names = (...outputs: OutputDir[]) => outputs.map((output) => output.dir.split('/').pop()).sort();
    const page = () => readFile(join(dist, 'public', 'index.html'), 'utf8');
    const commit = (text: string) => committedBuild(dist, text);
    await commit('one');
    const two = await commit('two');
    // What a build killed half-way leaves: a folder of a process that is gone.
    const killed = '2000-01-01T00-00-00-000Z-99999';
    await mkdir(join(buildsFolder(dist), killed, 'public'), { recursive: true });
    expect(await builds()).toHaveLength(3);

    const three = await OutputDir.create(dist);
    await three.write('public/index.html', 'three');
    await three.clearing;
    expect(await builds(), 'only the current build and the one being written are left').toEqual(names(two, three));
    expect(await page()).toBe('two');

    await three.discard();
    expect(await builds()).toEqual(names(two));
    expect(await page(), 'a failed build leaves dist as it was').toBe('two');

    const four = await commit('four');
    expect(await builds(), 'the build it replaced is kept').toEqual(names(two, four));
    expect(await page()).toBe('four');
  });
});
