import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir, readFile, realpath, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copyProject, runSite } from '../helpers/project-copy.ts';
import { fileHashes } from './helpers.ts';

/**
 * `site build` after one Markdown edit starts from the content state the build before stored
 * (cli/build/incremental/stored-start.ts) and patches the edited item in: what it writes must be
 * what a build without that state writes, and any edit it cannot patch, or a state it cannot
 * read, takes the full path.
 */

describe('a build from the stored content state', { timeout: 300_000 }, () => {
  let project: string;
  let state: string;
  let builds = 0;
  beforeAll(async () => {
    project = await copyProject();
    state = join(project, '.site', 'cache', 'content-state.bin');
    const first = await runSite(project, ['build']);
    expect(first.code, first.stderr).toBe(0);
  }, 600_000);
  afterAll(async () => {
    await rm(project, { recursive: true, force: true });
  });

  const newsFile = async (prefix: string) => {
    const folder = join(project, 'content/nl/news');
    return join(folder, (await readdir(folder)).find((name) => name.startsWith(prefix))!);
  };
  const edit = async (file: string, change: (text: string) => string) => {
    const text = await readFile(file, 'utf8');
    expect(change(text)).not.toBe(text);
    await writeFile(file, change(text));
  };
  /** A build: which path its content took, and what it said. */
  const build = async (args: string[] = []) => {
    const run = await runSite(project, ['build', '--json', ...args]);
    const stages =
      run.code === 0
        ? (JSON.parse(run.stdout) as { timings: Array<{ stage: string }> }).timings.map((t) => t.stage)
        : [];
    const path = stages.includes('validate') ? 'full' : stages.includes('stored') ? 'stored' : 'none';
    return { ...run, path };
  };
  /** dist/public is what a build of the same content without a stored state writes. */
  const expectSameAsWithoutState = async () => {
    await rm(state, { force: true });
    const out = `without-state-${++builds}`;
    const cold = await runSite(project, ['build', '--out', out]);
    expect(cold.code, cold.stderr).toBe(0);
    const made = await fileHashes(join(project, 'dist', 'public'));
    const fresh = await fileHashes(join(project, out, 'public'));
    expect([...made.keys()].sort()).toEqual([...fresh.keys()].sort());
    expect([...fresh].filter(([path, hash]) => made.get(path) !== hash).map(([path]) => path)).toEqual([]);
  };

  /** The inode of the build folder other than dist's (the one dist's build linked from). */
  const linkedFromFolder = async () => {
    const builds = join(project, '.dist-builds');
    const dist = await realpath(join(project, 'dist'));
    const [other] = (await readdir(builds)).filter((name) => !name.startsWith('.') && join(builds, name) !== dist);
    return (await stat(join(builds, other!))).ino;
  };

  /** A build that fails with the state beside it fails as it does without: the same code, output and problems. */
  const expectFailureAsWithoutState = async (args: string[]) => {
    const withState = await runSite(project, args);
    expect(withState.code).not.toBe(0);
    await rename(state, `${state}.aside`);
    const without = await runSite(project, args);
    await rename(`${state}.aside`, state);
    expect([withState.code, withState.stderr, withState.stdout]).toEqual([
      without.code,
      without.stderr,
      without.stdout,
    ]);
    return withState;
  };

  it('patches a title edit, then a body edit of the same article, and writes what a full build writes', async () => {
    const article = await newsFile('3-');
    await edit(article, (text) => text.replace(/^title: .*$/m, 'title: Inschrijving najaarslessen 2025 open'));
    const retitled = await build();
    expect(retitled.code, retitled.stderr).toBe(0);
    expect(retitled.path).toBe('stored');
    // The state of the full build is kept: the same article edited again starts from it too.
    await edit(article, (text) => text.replace(/\n---\n/, '\n---\n\nEen alinea uit de test.\n'));
    // The build folder dist's build linked from is recycled: renamed to be this build's (cli/build/stored-ledger.ts).
    const spare = await linkedFromFolder();
    const rewritten = await build();
    expect(rewritten.code, rewritten.stderr).toBe(0);
    expect(rewritten.path).toBe('stored');
    expect(JSON.parse(rewritten.stdout)).toMatchObject({ rendered: 6 });
    expect((await stat(join(project, 'dist'))).ino).toBe(spare);
    await edit(article, (text) => text.replace(/^title: .*$/m, 'title: Inschrijving najaarslessen 2025 weer open'));
    const again = await linkedFromFolder();
    expect((await build()).path).toBe('stored');
    expect((await stat(join(project, 'dist'))).ino).toBe(again);
    await expectSameAsWithoutState();
  });

  it('takes the full path for an edit that moves a page, for a second file edited, and for an item with warnings', async () => {
    await edit(await newsFile('4-'), (text) => text.replace(/^date: .*$/m, 'date: "2025-01-02"'));
    const dated = await build();
    expect(dated.code, dated.stderr).toBe(0);
    expect(dated.path).toBe('full');
    await expectSameAsWithoutState();

    await edit(await newsFile('5-'), (text) => `${text}\nEen alinea.\n`);
    await edit(await newsFile('6-'), (text) => `${text}\nNog een alinea.\n`);
    expect((await build()).path).toBe('full');

    // Article 9 has no English file: a warning, which the full path reports with the site's others.
    await edit(await newsFile('9-'), (text) => `${text}\nEen alinea.\n`);
    const warned = await build();
    expect(warned.code, warned.stderr).toBe(0);
    expect(warned.path).toBe('full');
    expect(warned.stderr).toMatch(/TRANSLATION_MISSING/);
    await expectSameAsWithoutState();
  });

  it('fails on an error in the edited file exactly as a build without the state does', async () => {
    const article = await newsFile('7-');
    const original = await readFile(article, 'utf8');
    await edit(article, (text) => text.replace(/^summary: .*$/m, `summary: "${'x'.repeat(240)}"`));
    const failed = await expectFailureAsWithoutState(['build']);
    expect(failed.stderr).toMatch(/summary/);
    await writeFile(article, original);
  });

  it('takes the full path when the state is gone or cut short', async () => {
    await expectSameAsWithoutState(); // a state of this content again
    await edit(await newsFile('8-'), (text) => text.replace(/^title: .*$/m, 'title: Trainersdag 2026 in de test'));
    await rm(state);
    const deleted = await build();
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.path).toBe('full');
    await expectSameAsWithoutState();

    await edit(await newsFile('8-'), (text) => text.replace(/^title: .*$/m, 'title: Trainersdag 2026'));
    const { size } = await import('node:fs/promises').then(({ stat }) => stat(state));
    await truncate(state, Math.floor(size / 2));
    const truncated = await build();
    expect(truncated.code, truncated.stderr).toBe(0);
    expect(truncated.path).toBe('full');
    await expectSameAsWithoutState();
  });
  it('takes the full path when a shard of the Markdown cache was written since the state was stored and lost its texts', async () => {
    await expectSameAsWithoutState(); // a state of this content, with its shards' stamps
    const folder = join(project, '.site', 'cache', 'markdown');
    const shards = await Promise.all(
      (await readdir(folder)).map(async (name) => ({ name, bytes: await readFile(join(folder, name)) })),
    );
    const { name, bytes } = shards.reduce((a, b) => (b.bytes.length > a.bytes.length ? b : a));
    await writeFile(join(folder, name), bytes.subarray(0, bytes.length - 1));
    await edit(await newsFile('8-'), (text) => text.replace(/^title: .*$/m, 'title: Trainersdag 2026 na de cache'));
    const cut = await build();
    expect(cut.code, cut.stderr).toBe(0);
    expect(cut.path).toBe('full');
    await expectSameAsWithoutState();
  });

  it('with --strict, patches an edit, and fails on a warning of the edited file as a build without the state does', async () => {
    // Article 9 translated: this site has no warning left, and a strict build succeeds.
    const english = join(project, 'content/en/news/9-new-clay-courts-at-ltc-de-kei.md');
    await writeFile(
      english,
      (await readFile(await newsFile('9-'), 'utf8')).replace(/^title: .*$/m, 'title: New clay courts at LTC De Kei'),
    );
    const first = await build(['--strict', '--out', 'strict']);
    expect(first.code, first.stderr).toBe(0);
    await edit(await newsFile('3-'), (text) =>
      text.replace(/^title: .*$/m, 'title: Inschrijving najaarslessen 2025 strikt'),
    );
    const retitled = await build(['--strict', '--out', 'strict']);
    expect(retitled.code, retitled.stderr).toBe(0);
    expect(retitled.path).toBe('stored');

    // An English event without the Dutch one's questions: a warning, under --strict an error.
    const event = join(project, 'content/en/events/1-youth-tennis-open-day.md');
    const original = await readFile(event, 'utf8');
    await edit(event, (text) => text.replace(/^questions:\n( {2}- .*\n)+/m, ''));
    const failed = await expectFailureAsWithoutState(['build', '--strict', '--out', 'strict']);
    expect(failed.stderr).toMatch(/TRANSLATION_INCOMPLETE/);
    await writeFile(event, original);
    await rm(english);
  });

  it('does not start a first build into an empty folder from the state: that build checks everything', async () => {
    const article = await newsFile('3-');
    await edit(article, (text) => text.replace(/^title: .*$/m, 'title: Inschrijving najaarslessen 2025 eerst'));
    expect((await build()).code).toBe(0); // over dist, the state of this content stored (or kept)
    await edit(article, (text) => text.replace(/^title: .*$/m, 'title: Inschrijving najaarslessen 2025 tweede'));
    const patched = await build();
    expect(patched.path).toBe('stored');
    const first = await build(['--out', 'first-build']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.path).toBe('full');
    const made = await fileHashes(join(project, 'dist', 'public'));
    const fresh = await fileHashes(join(project, 'first-build', 'public'));
    expect([...fresh].filter(([path, hash]) => made.get(path) !== hash).map(([path]) => path)).toEqual([]);
  });
});
