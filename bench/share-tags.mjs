#!/usr/bin/env node
// share-tags.mjs [PROJECT] [--pages N] [--rounds R] — the CPU a page's share tags cost (issue 21:
// ShareTags was about a fifth of the render of a 4,000-source site). Renders the <ShareTags> of
// N news article pages (both languages; the real config and strings, the test fixtures' articles)
// with PROJECT's templates (default this checkout; give a `git archive` of another revision to
// compare), R rounds, and prints the process CPU (user+sys) per page of each round and their
// median. CPU, not wall: the machine is shared, and a busy neighbour stretches wall time.
// Run it from PROJECT (tsx compiles the templates with the tsconfig.json of the working folder):
//   cd /dev/shm/main-snapshot && node --import tsx /path/to/bench/share-tags.mjs "$PWD" --pages 2000 --rounds 9
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const root = resolve(args[0] && !args[0].startsWith('--') ? args[0] : join(import.meta.dirname, '..'));
const count = option('--pages', 2000);
const rounds = option('--rounds', 7);
const from = (path) => import(join(root, path));

// React's production build, as the build's render uses (its development build is several times slower).
process.env.NODE_ENV = 'production';
const { createElement } = await import('react');
const { renderToString } = await import('react-dom/server');

const { fixtureModel, news } = await from('tests/unit/fixtures/model.ts');
const { buildRoutes } = await from('cli/routes/routes.ts');
const { createSite } = await from('templates/create-site.ts');
const { SiteProvider } = await from('templates/lib/site.tsx');
const { ShareTags } = await from('templates/components/ShareTags.tsx');
const { recordReads } = await from('shared/model-reads.ts');

const strings = (locale) => parse(readFileSync(join(root, 'content', locale, 'strings.yaml'), 'utf8'));
const articles = Array.from({ length: count / 2 }, (_, i) =>
  news(
    1000 + i,
    { nl: `artikel-${i}`, en: `article-${i}` },
    `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
  ),
);
const model = fixtureModel(undefined, { strings: { nl: strings('nl'), en: strings('en') }, news: articles });
const pages = buildRoutes(model).filter((page) => page.route === 'news-article');
const assets = { css: '/site.css', islands: {}, cardVersion: 'v1' };

function renderAll() {
  let bytes = 0;
  for (const page of pages) {
    // As the build renders a page (cli/build/render.ts): its reads recorded, its card found.
    const site = createSite({ page, model: recordReads(model).model, images: {}, assets, buildDate: '2026-11-27' }, {});
    const title = site.t('nav.news');
    const tags = createElement(ShareTags, {
      title,
      fullTitle: title,
      description: 'Samenvatting',
      hero: { image: '', parent: 'news' },
    });
    bytes += renderToString(createElement(SiteProvider, { value: site }, tags)).length;
  }
  return bytes;
}

renderAll(); // warm-up: compiled code, the strings' and lookups' indexes
const perPage = [];
let bytes = 0;
for (let round = 0; round < rounds; round++) {
  const before = process.cpuUsage();
  bytes = renderAll();
  const used = process.cpuUsage(before);
  perPage.push((used.user + used.system) / pages.length);
}
const sorted = [...perPage].sort((a, b) => a - b);
console.log(
  `${root}: ${pages.length} pages' share tags (${bytes} bytes), CPU us/page by round ${perPage.map((us) => us.toFixed(1)).join(' ')}; median ${sorted[Math.floor(rounds / 2)].toFixed(1)} us; load ${loadavg()[0].toFixed(2)}`,
);
