#!/usr/bin/env node
// What the social cards and the search index cost a build of this site (issue 23). Whole
// `site build --json` runs of a copy of the project (its image cache linked: images are not what
// is measured here), each timed with /usr/bin/time:
//   warm        = a new output folder, card cache kept: nothing drawn, every page read for the index;
//   cards cold  = the same with an empty card cache: every card drawn;
//   cold        = the card cache and the search index's records empty (a fresh clone whose images are cached);
//   one edit    = an article's text changed, built over the previous build: 3 pages rendered,
//                 only they read for the search index, no card drawn (it shows the title).
// With --write the figures replace this script's section of bench/RESULTS.md.
//   node bench/found.mjs [--runs 3] [--write]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { copyProject, project } from './project-copy.mjs';
import { writeSection } from './results.mjs';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const work = join(project, 'bench', '.work-found');
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, '.site', 'cache'), { recursive: true });
copyProject(work);
mkdirSync(join(project, '.site', 'cache', 'images'), { recursive: true });
symlinkSync(join(project, '.site', 'cache', 'images'), join(work, '.site', 'cache', 'images'));
const loadAtStart = loadavg()[0];
// The launcher bundles the CLI on its first run: not a build's cost.
execFileSync(process.execPath, ['bin/site.mjs', '--version'], { cwd: work });

let outputs = 0;
/** One build; CPU is user + system of the build and the processes it waited for. */
function build(out = `out-${outputs++}`) {
  const run = spawnSync(
    '/usr/bin/time',
    ['-f', '%U %S %e', process.execPath, 'bin/site.mjs', 'build', '--json', '--out', out],
    { cwd: work, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`build failed:\n${run.stderr}`);
  const [user, system, wall] = run.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  const result = JSON.parse(run.stdout);
  const stage = (name) => result.timings.find((t) => t.stage === name)?.ms ?? 0;
  if (!out.startsWith('dist')) rmSync(join(work, out), { recursive: true, force: true });
  return {
    cpu: user + system,
    wall,
    cards: result.found.cards,
    search: result.found.search,
    feeds: result.found.feeds,
    calendars: result.found.calendars,
    rendered: result.rendered,
    pages: result.pages,
    cardsMs: stage('cards'),
    searchMs: stage('search'),
    feedsMs: stage('feeds'),
    calendarsMs: stage('calendars'),
    hashMs: stage('hash'),
  };
}
const clear = (cache) => rmSync(join(work, '.site', 'cache', cache), { recursive: true, force: true });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = (results) => {
  const middle = (key) => median(results.map((r) => r[key]));
  return {
    ...results[0],
    cpu: middle('cpu'),
    wall: middle('wall'),
    cardsMs: middle('cardsMs'),
    searchMs: middle('searchMs'),
    feedsMs: middle('feedsMs'),
    calendarsMs: middle('calendarsMs'),
    hashMs: middle('hashMs'),
    all: results.map((r) => r.wall),
  };
};

const cold = [],
  warm = [],
  cardsCold = [];
build(); // the Markdown cache and both caches filled
for (let i = 0; i < runs; i++) {
  clear('cards');
  clear('search-records.json');
  cold.push(build());
  warm.push(build());
  clear('cards');
  cardsCold.push(build());
}
// One edit at a time over the previous build, as an editor works.
build('dist');
const article = join(
  work,
  'content',
  'nl',
  'news',
  readdirSync(join(work, 'content', 'nl', 'news')).find((name) => name.startsWith('3-')),
);
const edits = [];
for (let i = 0; i < runs; i++) {
  writeFileSync(
    article,
    readFileSync(article, 'utf8').replace(/\n---\n/, `\n---\n\nEen extra alinea voor de meting, nummer ${i}.\n`),
  );
  edits.push(build('dist'));
}
const cards = readdirSync(join(work, '.site', 'cache', 'cards')).filter((name) => name.endsWith('.jpg'));
const cardBytes = cards.reduce((sum, name) => sum + statSync(join(work, '.site', 'cache', 'cards', name)).size, 0);
const published = join(work, 'dist', 'public');
const index = join(published, 'search');
const indexFiles = readdirSync(index, { recursive: true }).filter((name) => statSync(join(index, name)).isFile());
const indexBytes = indexFiles.reduce((sum, name) => sum + statSync(join(index, name)).size, 0);
const sizeOf = (pattern) =>
  readdirSync(published, { recursive: true })
    .filter((name) => pattern.test(name))
    .reduce((sum, name) => sum + statSync(join(published, name)).size, 0);
const feedBytes = sizeOf(/(rss|atom)\.xml$/);
const icsBytes = sizeOf(/\.ics$/);
const c = summary(cold),
  w = summary(warm),
  cc = summary(cardsCold),
  e = summary(edits);
const s = (value) => `${value.toFixed(1)} s`;
const row = (name, r, note) =>
  `| ${name} | ${s(r.cpu)} | ${s(r.wall)} | ${r.cards.made} drawn, ${r.cards.cached} cached | ${r.search.read} of ${r.search.pages} pages read | ${note} |`;
const perCard = ((cc.cpu - w.cpu) / cc.cards.made) * 1000;
const lines = [
  '## Found and shared: cards and search index (issue 23)',
  '',
  `\`node bench/found.mjs --runs ${runs} --write\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}; load average ${loadAtStart.toFixed(1)} at the start (the machine is shared: other helpers' builds and test suites ran at the same time, so wall times are loose; CPU is the steadier figure). Whole \`site build --json\` runs of a copy of this site (${c.pages} pages, ${c.cards.made} cards, ${c.search.pages} pages searched), image cache kept; medians of ${runs}.`,
  '',
  '| build | CPU | wall | cards | search index | |',
  '| --- | ---: | ---: | --- | --- | --- |',
  row('warm (new output folder)', w, 'what any build with unchanged cards and pages pays'),
  row('cards cold', cc, 'card cache empty'),
  row('cold (caches empty)', c, 'a fresh clone with its images cached'),
  row('one article edited', e, `${e.rendered} pages rendered, over the previous build`),
  '',
  `- Drawing the cards: ${s(cc.cpu - w.cpu)} of CPU for ${cc.cards.made} cards, **${perCard.toFixed(0)} ms a card** (satori's layout, resvg, the JPEG); a card in the cache costs a read and a hard link.`,
  `- The search index of ${w.search.pages} pages: ${w.searchMs.toFixed(0)} ms in the search stage with every page read (a new output folder); ${e.searchMs.toFixed(0)} ms after one edit (${e.search.read} pages read, the others' records remembered).`,
  `- Feeds and calendar files: ${w.feeds} feeds in ${w.feedsMs.toFixed(0)} ms, ${w.calendars} ics files in ${w.calendarsMs.toFixed(0)} ms (warm build, medians; made every build, too cheap to cache). The input hash with the events' revision times from git: ${w.hashMs.toFixed(0)} ms.`,
  `- Sizes: ${cards.length} cards, ${(cardBytes / 1e6).toFixed(1)} MB (${(cardBytes / cards.length / 1e3).toFixed(0)} kB each); the index ${indexFiles.length} files, ${(indexBytes / 1e6).toFixed(2)} MB; the feeds ${(feedBytes / 1e3).toFixed(0)} kB together, the ics files ${(icsBytes / 1e3).toFixed(0)} kB.`,
];
const section = `${lines.join('\n')}\n`;
process.stdout.write(section);
if (args.includes('--write')) writeSection(section);
rmSync(work, { recursive: true, force: true });
if (w.cards.made !== 0 || e.search.read > e.rendered || e.cards.made !== 0 || e.rendered !== 3) {
  console.error(
    'FAIL: a warm build drew a card, or an edit re-rendered more than its pages, read other pages for the search or drew a card',
  );
  process.exit(1);
}
