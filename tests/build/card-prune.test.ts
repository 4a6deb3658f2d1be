/**
 * The card cache keeps what builds use: a build that draws a card (an edited title) removes the
 * cards no page of it shows that were drawn more than a day ago (cli/build/card-cache.ts); a build
 * that draws none lists nothing. Built in this process, with a cards cache of the copy's own (the
 * test copies share this repository's otherwise).
 */
import { mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildSite } from '../../cli/build/pipeline.ts';
import { copyProject, removeProject } from '../helpers/project-copy.ts';
import { listFiles } from './helpers.ts';

let project: string;
let cache: string;
beforeAll(async () => {
  project = await copyProject();
  cache = join(project, '.site', 'cache', 'cards');
  await rm(cache);
  await mkdir(cache);
});
afterAll(() => removeProject(project));

const build = () => buildSite({ root: project, out: `${project}/dist`, strict: false, drafts: false, quiet: true });
const cached = async () => (await readdir(cache)).filter((name) => name.endsWith('.jpg')).sort();
/** The cache files of the cards the last build's pages show (/cards/<page>.<key>.jpg; pages may share one). */
const shown = async () => {
  const paths = await listFiles(join(project, 'dist', 'public', 'cards'));
  return [...new Set(paths.map((path) => `${path.split('.').at(-2)}.jpg`))].sort();
};
const twoDaysAgo = async () => {
  const then = new Date(Date.now() - 48 * 60 * 60 * 1000);
  for (const name of await readdir(cache)) await utimes(join(cache, name), then, then);
};

test('an edited title leaves no old card behind; a build that draws no card keeps them all', {
  timeout: 300_000,
}, async () => {
  const first = await build();
  expect(first.found?.cards.made).toBeGreaterThan(10);
  expect(await cached()).toEqual(await shown());
  // A card no page shows, drawn two days ago (an older title, or an older way of drawing), like every other.
  await writeFile(join(cache, '0000000000000000.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0xff, 0xd9]));
  await twoDaysAgo();

  const article = join(project, 'content', 'nl', 'news', '1-voorjaarslessen-starten-op-31-maart.md');
  const text = await readFile(article, 'utf8');
  await writeFile(article, `${text}\nEen zin erbij, de kaart blijft dezelfde.\n`);
  const bodyEdit = await build();
  expect(bodyEdit.found?.cards.made).toBe(0);
  expect(await cached()).toContain('0000000000000000.jpg');
  const before = await cached();

  await writeFile(article, text.replace(/^title: .*$/m, 'title: "Een bewerkte titel"'));
  const titleEdit = await build();
  expect(titleEdit.found?.cards.made).toBeGreaterThan(0);
  const after = await cached();
  expect(after).toEqual(await shown());
  const gone = before.filter((name) => !after.includes(name));
  expect(gone).toContain('0000000000000000.jpg');
  // The edited article's old card, and no other page's.
  expect(gone.length).toBe(1 + titleEdit.found!.cards.made);
});
