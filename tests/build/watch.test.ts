/**
 * `site build --watch`: a first build, then a build after each save, in one process. One session
 * goes through what a user meets: a bad save (dist kept, the watch goes on), a good one (dist holds
 * it), a save while a build runs (built after it), SIGTERM while a build runs (it finishes: no
 * half-written build folder, exit code 0); then dist is what a fresh build of the same files
 * writes, a plain `site build` finds nothing to do, and one after an edit made with the watch
 * stopped writes what a cold build does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { readdir, readFile, readlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copyProject, removeProject, runSite } from '../helpers/project-copy.ts';
import { fileHashes } from './helpers.ts';
import type { WatchedBuild } from '../../cli/build/watch-build.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Watch processes started here: one a failed assertion left running is stopped after the file. */
const started = new Set<ChildProcess>();

/** A watch session's builds, one JSON line each (--json), and its stderr. */
function startWatch(project: string) {
  const child: ChildProcess = spawn(process.execPath, [join(project, 'bin/site.mjs'), 'build', '--watch', '--json'], {
    cwd: project,
    env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  const builds: WatchedBuild[] = [];
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const lines = stdout.split('\n');
    stdout = lines.pop()!;
    builds.push(...lines.map((line) => JSON.parse(line) as WatchedBuild));
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const until = async <T>(found: () => T | undefined): Promise<T> => {
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      if (child.exitCode !== null) throw new Error(`site build --watch exited:\n${stderr}`);
      await sleep(20);
    }
  };
  /** The first build from `from` on that `test` accepts. */
  const build = (from: number, test: (build: WatchedBuild) => boolean) => until(() => builds.slice(from).find(test));
  /** No build for `ms`: the saves' builds are done (a save's file is looked at again 60 ms on: build/incremental/watcher.ts). */
  const settled = async (ms = 1_000) => {
    for (let count = -1; count !== builds.length; await sleep(ms)) count = builds.length;
  };
  return { child, builds, build, until, settled, exited, stderr: () => stderr };
}

describe('site build --watch', { timeout: 240_000 }, () => {
  let project: string;
  let article: string;
  let original: string;
  beforeAll(async () => {
    project = await copyProject();
    const news = join(project, 'content/nl/news');
    article = join(news, (await readdir(news)).find((name) => name.startsWith('3-'))!);
    original = await readFile(article, 'utf8');
  });
  afterAll(async () => {
    const running = [...started].filter((child) => child.exitCode === null && child.signalCode === null);
    for (const child of running) child.kill('SIGKILL');
    await Promise.all(running.map((child) => once(child, 'exit')));
    await removeProject(project);
  });

  const page = async () => {
    const folder = join(project, 'dist/public/nieuws');
    const name = (await readdir(folder)).find((file) => file.startsWith('3-') && file.endsWith('.html'))!;
    return readFile(join(folder, name), 'utf8');
  };
  const edit = (text: string) => writeFile(article, original.replace(/\n---\n/, `\n---\n\n${text}\n`));

  it('builds after each save, keeps dist through a bad one, and stops cleanly on SIGTERM', async () => {
    const watch = startWatch(project);
    const first = await watch.build(0, () => true);
    expect(first.result?.pages, watch.stderr()).toBeGreaterThan(150);
    await watch.until(() => watch.stderr().includes('watching ') || undefined); // the watcher is ready

    // Invalid front matter: the catalogue's error, dist as it was, and the watch goes on.
    const before = await readlink(join(project, 'dist'));
    let seen = watch.builds.length;
    await writeFile(article, original.replace(/^title: .*$/m, 'title: [unclosed'));
    const bad = await watch.build(seen, (build) => build.problems !== undefined);
    expect(bad.changed).toEqual([`content/nl/news/${article.split('/').pop()}`]);
    expect(bad.problems?.[0]?.location?.file).toContain('content/nl/news/3-');
    expect(watch.stderr()).toMatch(/error [A-Z_]+ {2}content\/nl\/news\/3-.*:\d+/);
    expect(await readlink(join(project, 'dist'))).toBe(before);

    // The next good save is built.
    await watch.settled();
    seen = watch.builds.length;
    await edit('Eerste bewerking.');
    const firstEdit = await watch.build(seen, (build) => (build.result?.rendered ?? 0) > 0);
    expect(firstEdit.result?.rendered).toBe(6);
    expect(await page()).toContain('Eerste bewerking.');
    // Built by the session the watch keeps: the saved file read, not the content (after an error, all of it checked).
    expect(firstEdit.result?.timings.map((timing) => timing.stage)).not.toContain('load');

    // A template that throws: the catalogue's error, dist as it was. Fixed and edited: every page
    // is made with the new template (the compiled parts kept from the build before are not).
    const footer = join(project, 'templates/components/Footer.tsx');
    const footerText = await readFile(footer, 'utf8');
    const tagline = "<p>{t('footer.tagline')}</p>";
    await watch.settled();
    seen = watch.builds.length;
    const good = await readlink(join(project, 'dist'));
    await writeFile(
      footer,
      footerText.replace(
        'const { config } = model;',
        "const { config } = model;\n  if (config) throw new Error('Sjabloonfout');",
      ),
    );
    const thrown = await watch.build(seen, (build) => build.problems !== undefined);
    expect(thrown.problems?.map((p) => p.message).join('\n')).toContain('Sjabloonfout');
    expect(await readlink(join(project, 'dist'))).toBe(good);
    await watch.settled();
    seen = watch.builds.length;
    await writeFile(footer, footerText.replace(tagline, "<p>{t('footer.tagline')} Sjabloonbewerking</p>"));
    await watch.build(seen, (build) => build.result !== undefined && !build.result.unchanged);
    expect(await page()).toContain('Sjabloonbewerking');

    // A save while a build runs is built after it: the page ends with the second save.
    seen = watch.builds.length;
    await edit('Tweede bewerking.');
    await sleep(50); // the first save's build has begun
    await edit('Derde bewerking.');
    for (let round = 0; !(await page()).includes('Derde bewerking.'); round++) {
      await watch.build(seen + round, () => true);
    }
    // An edit of a valid site: the saved file patched into the kept session's content.
    const saved = [`content/nl/news/${article.split('/').pop()}`];
    const edits = watch.builds
      .slice(seen)
      .filter((build) => build.result?.rendered && `${build.changed}` === `${saved}`);
    expect(edits.length).toBeGreaterThan(0);
    for (const build of edits) {
      expect(build.result?.timings.map((timing) => timing.stage)).toContain('patch');
      // The images' plan is kept too: what a save reports of them is its own work (none made), not the plan's.
      expect(build.result?.images.made).toBe(0);
      expect(build.result?.images.ms).toBeLessThanOrEqual(build.ms);
    }

    // SIGTERM while a build runs: it finishes, the process exits with 0, and no build folder but
    // the current one and the one before it is left.
    await watch.settled();
    const buildsFolder = join(project, '.dist-builds');
    const folders = new Set(await readdir(buildsFolder));
    await edit('Vierde bewerking.');
    // Its build has begun once its folder is there (made, or recycled under a new name, before any
    // page is written). A fixed wait raced: a save's build now takes less than one, and a stop that
    // comes before its batch is taken rightly builds nothing.
    // Looked for every 2 ms (not `until`'s 20): the stop should come while the build still runs.
    while (readdirSync(buildsFolder).every((name) => folders.has(name))) {
      if (watch.child.exitCode !== null) throw new Error(`site build --watch exited:\n${watch.stderr()}`);
      await sleep(2);
    }
    watch.child.kill('SIGTERM');
    expect(await watch.exited, watch.stderr()).toBe(0);
    // Its code cache is its own: made without a build's --no-flush-bytecode (bin/site.mjs).
    expect(existsSync(join(project, '.site/cli/code-cache/build-watch'))).toBe(true);
    expect(watch.stderr()).not.toMatch(/internal error|\n\s+at /);
    expect(await page()).toContain('Vierde bewerking.');
    const builds = await readdir(join(project, '.dist-builds'));
    expect(builds.length).toBeLessThanOrEqual(2);
    for (const build of builds) expect(existsSync(join(project, '.dist-builds', build, 'build-state.json'))).toBe(true);
  });

  it('leaves the dist and the stored state a fresh build of the same files makes', async () => {
    expect((await runSite(project, ['build'])).stdout).toMatch(/nothing changed since the last build/);
    // An edit with the watch stopped: a fresh build from what the watch left is a cold build's too.
    const other = join(
      project,
      'content/nl/news',
      (await readdir(join(project, 'content/nl/news'))).find((name) => name.startsWith('2-'))!,
    );
    await writeFile(other, (await readFile(other, 'utf8')).replace(/\n---\n/, '\n---\n\nNa de wacht.\n'));
    const edited = await runSite(project, ['build']);
    expect(edited.code, edited.stderr).toBe(0);
    const cold = await runSite(project, ['build', '--out', 'cold']);
    expect(cold.code, cold.stderr).toBe(0);
    const [watched, fresh] = await Promise.all([
      fileHashes(join(project, 'dist/public')),
      fileHashes(join(project, 'cold/public')),
    ]);
    expect([...watched.keys()].sort()).toEqual([...fresh.keys()].sort());
    expect([...fresh].filter(([path, hash]) => watched.get(path) !== hash).map(([path]) => path)).toEqual([]);
  });
});
