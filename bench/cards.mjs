#!/usr/bin/env node
// Social cards drawn cold (issue 21): COUNT cards of the scale bench's articles (bench/gen-articles.mjs
// titles, the Dutch ones with a photo from content/images, label and date as the site gives them)
// through makeCards into an empty cache, as a cold build draws them. Prints wall and CPU (the whole
// process: the main thread, libuv's and the card threads) per card. --out keeps the cards; --against
// compares them with another run's (mean and largest difference per channel). --varied takes the titles
// of the card tests instead (tests/images/card-titles.ts: long Dutch words, accents, quotes, numbers, the clamp).
//   node bench/cards.mjs [--count 400] [--code DIR (a checkout whose cli/ draws)] [--out DIR] [--against DIR] [--varied]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';
import { project } from './project-copy.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const count = Number(option('--count', '400'));
const code = resolve(option('--code', project));
const out = option('--out');
const against = option('--against');
const load = (path) => tsImport(join(code, path), import.meta.url);

const work = mkdtempSync(join(tmpdir(), 'bench-cards-'));
execFileSync(process.execPath, [join(project, 'bench', 'gen-articles.mjs'), String(count), join(work, 'content')], {
  stdio: 'ignore',
});
const photos = readdirSync(join(project, 'content', 'images')).filter((file) => file.endsWith('.jpg'));
const site = {
  name: 'Baseline Tennis',
  host: 'www.baselinetennis.nl',
  colors: { dark: '#0b2545', light: '#b9cfe8', accent: '#d4a72c', muted: '#8fb0d6' },
};
const { compileCardTemplate, makeCards } = await load('cli/build/cards.ts');
const { FolderWriter } = await load('cli/build/folder-writer.ts');
const { cardImage } = await load('templates/lib/share-card.ts');
const template = await compileCardTemplate(code, join(code, '.site', 'cache', 'bench-cards'));
const varied = args.includes('--varied')
  ? (await tsImport(join(project, 'tests', 'images', 'card-titles.ts'), import.meta.url)).cardTitles(count)
  : undefined;
const cards = readdirSync(join(work, 'content'))
  .sort()
  .map((file, index) => {
    const front = readFileSync(join(work, 'content', file), 'utf8');
    const field = (name) => new RegExp(`^${name}: "?(.*?)"?$`, 'm').exec(front)[1];
    const nl = field('lang') === 'nl';
    const date = new Date(field('date')).toLocaleDateString(nl ? 'nl-NL' : 'en-GB', { dateStyle: 'long' });
    const request = {
      locale: nl ? 'nl' : 'en',
      title: varied ? varied[index] : field('title'),
      label: nl ? 'Nieuws' : 'News',
      detail: date,
      ...(nl ? { photo: { name: photos[index % photos.length], version: '1' } } : {}),
      site,
    };
    return { ...cardImage(request, `/news/${index}`, template.version), src: `/cards/${index}.jpg` };
  });
const images = new Map(photos.map((file) => [file, join('content', 'images', file)]));
const output = new FolderWriter(out ? resolve(out) : join(work, 'out'));
if (out) rmSync(output.dir, { recursive: true, force: true });

const [cpu, start] = [process.cpuUsage(), performance.now()];
const totals = await makeCards({ root: project, images, template, cacheDir: join(work, 'cache'), cards, output });
const wall = performance.now() - start;
const used = process.cpuUsage(cpu);
const ms = (used.user + used.system) / 1000;
console.log(
  `${totals.made} cards drawn by ${code}: wall ${(wall / 1000).toFixed(2)} s (${(wall / count).toFixed(1)} ms a card), ` +
    `CPU ${(ms / 1000).toFixed(2)} s (${(ms / count).toFixed(1)} ms a card), load ${loadavg()[0].toFixed(1)}`,
);

if (against) {
  let [sum, largest, worst, bytes, otherBytes] = [0, 0, '', 0, 0];
  for (const card of cards) {
    const [mine, theirs] = [join(output.dir, card.src), join(resolve(against), card.src)];
    if (!existsSync(theirs)) throw new Error(`${theirs} is missing`);
    bytes += readFileSync(mine).length;
    otherBytes += readFileSync(theirs).length;
    const [a, b] = await Promise.all([mine, theirs].map((file) => sharp(file).removeAlpha().raw().toBuffer()));
    let difference = 0;
    for (let i = 0; i < a.length; i++) {
      const d = Math.abs(a[i] - b[i]);
      difference += d;
      if (d > largest) [largest, worst] = [d, card.src];
    }
    sum += difference / a.length;
  }
  console.log(
    `against ${against}: mean difference ${(sum / cards.length).toFixed(2)} levels a channel, largest ${largest} (${worst}); ` +
      `bytes ${(bytes / cards.length / 1024).toFixed(1)} KB a card against ${(otherBytes / cards.length / 1024).toFixed(1)} KB`,
  );
}
rmSync(work, { recursive: true, force: true });
