/**
 * A large site renders on worker threads (issue 10): the same files as rendered in the main
 * thread, byte for byte. The bundled CLI is what starts workers, so the tests run it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copyProject, runSite } from '../helpers/project-copy.ts';
import { fileHashes } from './helpers.ts';
import { renderedRecord } from '../../cli/build/search-rendered.ts';
import { memoLines } from '../helpers/search-memo.ts';

/** The files of a build, but its state (which says how many threads made it). */
async function tree(dir: string): Promise<Map<string, string>> {
  const files = await fileHashes(dir);
  files.delete('build-state.json');
  return files;
}

/** 220 articles in both languages: with the site's own files, past the 400 where threads start. */
async function addArticles(project: string, count: number): Promise<void> {
  const images = ['court-clay-1', 'youth-group', 'match-doubles'];
  for (let index = 0; index < count; index++) {
    const id = 5000 + index;
    const words = `Tekst van bericht ${index} met **nadruk**, een [link](/kampen) en een lijst:\n\n- een\n- twee\n`;
    await writeFile(
      join(project, 'content/nl/news', `${id}-bericht-${index}.md`),
      `---\nid: ${id}\ntitle: "Bericht ${index}"\ndate: "2025-0${1 + (index % 9)}-1${index % 10}"\nimage: ${images[index % 3]}\nsummary: "Samenvatting ${index}."\n---\n${words}`,
    );
    await writeFile(
      join(project, 'content/en/news', `${id}-bericht-${index}.md`),
      `---\nid: ${id}\ntitle: "Article ${index}"\nsummary: "Summary ${index}."\n---\nText of article ${index}.\n`,
    );
  }
}

/**
 * The search records the build's render made (on the workers and this thread) that are not the
 * ones its page files give (cli/build/search-rendered.ts): the records memo against the files.
 */
async function recordsNotAsTheFiles(project: string, out: string): Promise<string[]> {
  const lines = await memoLines(join(project, '.site', 'cache', 'search-records'));
  expect(lines.length).toBeGreaterThan(400);
  const differing: string[] = [];
  for (const line of lines) {
    const [file, , , shown, terms] = line.split('\t');
    const fromFile = renderedRecord(await readFile(join(project, out, 'public', file!), 'utf8'));
    if (fromFile.shown !== shown || fromFile.terms !== terms) differing.push(file!);
  }
  return differing;
}

describe('rendering on worker threads', () => {
  let project: string;
  beforeAll(async () => {
    project = await copyProject();
    await addArticles(project, 220);
  });
  afterAll(() => rm(project, { recursive: true, force: true }));

  it('writes the same site on two threads as in the main thread', async () => {
    const build = async (out: string, threads: string) => {
      const result = await runSite(project, ['build', '--json', '--out', out, '--threads', threads]);
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as {
        threads: number;
        pages: number;
        timings: Array<{ stage: string; detail?: string }>;
      };
    };
    const two = await build('dist-two', '2');
    expect(two.threads).toBe(2);
    expect(two.timings.find((t) => t.stage === 'render')?.detail).toMatch(/ on 2 threads$/);
    // The search index took the records made where the pages were rendered: none read back.
    expect(two.timings.find((t) => t.stage === 'search')?.detail).toMatch(/\(0 read back\)/);
    expect(await recordsNotAsTheFiles(project, 'dist-two')).toEqual([]);
    const one = await build('dist-one', '1');
    expect(one.threads).toBe(1);
    expect(one.pages).toBe(two.pages);
    expect(one.pages).toBeGreaterThan(800);
    const [a, b] = await Promise.all([tree(join(project, 'dist-two')), tree(join(project, 'dist-one'))]);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    const differing = [...a].filter(([path, digest]) => b.get(path) !== digest).map(([path]) => path);
    expect(differing).toEqual([]);
  }, 240_000);

  it('stops a first build at a config error, its workers (started before the config is read) closed', async () => {
    const config = join(project, 'site.config.yaml');
    const text = await readFile(config, 'utf8');
    await writeFile(config, `${text}\nbroken: [\n`);
    try {
      // A worker left running would keep the process alive until it is killed.
      const result = await runSite(project, ['build', '--out', 'dist-broken'], { killAfterMs: 60_000 });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/site\.config\.yaml/);
    } finally {
      await writeFile(config, text);
    }
  }, 120_000);

  it('refuses a thread count that is not a whole number from 1, as a usage error', async () => {
    for (const value of ['0', 'two', '-1', '1.5']) {
      const result = await runSite(project, ['build', '--threads', value]);
      expect(result.code, value).toBe(2);
      expect(result.stderr).toMatch(/--threads.*expected a whole number from 1 to 999/);
    }
  });
});
