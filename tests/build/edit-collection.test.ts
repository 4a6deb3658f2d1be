/**
 * A full collection of the main thread's heap (cli/build/collection.ts collectNow: ~40 ms at 4,000
 * sources) is paid where it lowers the peak: a first build, before the render workers start beside
 * its heap. A build after an edit renders its few pages in this thread and makes no such
 * collection (issue 21). Built in this process, from sources (no workers), the calls counted.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { buildSite } from '../../cli/build/pipeline.ts';
import { copyProject, removeProject } from '../helpers/project-copy.ts';

const calls = vi.hoisted(() => ({ collections: 0 }));

vi.mock('../../cli/build/collection.ts', async (original) => {
  const module = await original<typeof import('../../cli/build/collection.ts')>();
  return {
    ...module,
    collectNow: () => {
      calls.collections += 1;
      module.collectNow();
    },
  };
});

let project: string;
beforeAll(async () => {
  project = await copyProject();
});
afterAll(() => removeProject(project));

const build = () => buildSite({ root: project, out: `${project}/dist`, strict: false, drafts: false, quiet: true });

test('a first build collects its heap before the render, a build after an edit does not', {
  timeout: 300_000,
}, async () => {
  const first = await build();
  expect(first.unchanged).toBe(false);
  expect(calls.collections).toBe(2); // before and after its bodies are shared with the workers

  const folder = join(project, 'content', 'nl', 'news');
  const article = join(folder, (await readdir(folder)).find((name) => name.endsWith('.md'))!);
  const text = await readFile(article, 'utf8');
  await writeFile(article, text.replace(/^title: .*$/m, 'title: Een bewerkte titel'));
  calls.collections = 0;
  const edited = await build();
  expect(edited.rendered).toBeGreaterThan(0);
  expect(edited.rendered).toBeLessThan(first.rendered!);
  expect(calls.collections).toBe(0);
});
