#!/usr/bin/env node
// template-render.mjs SITE OTHER [--rounds R] — the CPU per page of rendering a site's pages with
// two checkouts' templates in one process (issue 21, jsx21: the templates' own JSX runtime against
// react-dom/server). SITE is a site folder whose tool is this checkout (its templates/ are the
// "new" side); OTHER a folder holding another revision's tool (cli/, templates/, islands/, shared/:
// the "old" side, e.g. `git archive main`). Both render every page of SITE from the same model
// (site dev's session: drafts shown), alternated for R rounds; prints the process CPU (user+sys)
// per page of each round, the medians, and whether both wrote the same bytes for every page.
// CPU, not wall: the machine is shared.
//   node --import tsx bench/template-render.mjs /dev/shm/jsx21/new /dev/shm/jsx21/old --rounds 5
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const [site, other] = args
  .filter((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'))
  .map((p) => resolve(p));
const rounds = option('--rounds', 5);
// React's production build, as the build's render uses.
process.env.NODE_ENV = 'production';

const { RebuildSession } = await import(join(site, 'cli/build/incremental/rebuild-session.ts'));
const { renderPage } = await import(join(site, 'cli/build/render.ts'));
const session = await RebuildSession.start(site);
const generation = session.generation;
if (!generation) throw new Error(`${site}: the session made no generation: ${JSON.stringify(session.problems())}`);
const { model, pages } = generation.state;
const inputs = { model, images: generation.images, assets: generation.assets, buildDate: generation.buildDate };
const { compileTemplates } = await import(join(other, 'cli/build/compile-templates.ts'));
const sides = {
  new: generation.templates.module,
  old: (await compileTemplates(other, join(other, '.site', 'cache'))).module,
};

// Each page's HTML is let go of at once (as the build writes it and moves on): holding 4,000 pages
// would make the old generation's collections most of what is measured. `digests`: the pages' SHA-1.
function renderAll(templates, digests) {
  for (const page of pages) {
    const rendered = renderPage(templates, page, inputs);
    if (!rendered.ok) throw new Error(JSON.stringify(rendered.problem));
    digests?.push(createHash('sha1').update(rendered.html).digest('hex'));
  }
}

const first = { old: [], new: [] };
for (const side of ['old', 'new']) renderAll(sides[side], first[side]); // warm-up, and the bytes compared
const differ = pages.filter((_, i) => first.old[i] !== first.new[i]).length;
const perPage = { old: [], new: [] };
for (let round = 0; round < rounds; round++) {
  for (const side of round % 2 ? ['new', 'old'] : ['old', 'new']) {
    const before = process.cpuUsage();
    renderAll(sides[side]);
    const used = process.cpuUsage(before);
    perPage[side].push((used.user + used.system) / pages.length);
  }
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)].toFixed(1);
for (const side of ['old', 'new'])
  console.log(
    `${side}: CPU us/page by round ${perPage[side].map((us) => us.toFixed(1)).join(' ')}; median ${median(perPage[side])}`,
  );
console.log(`${pages.length} pages, ${differ} differ between old and new; load ${loadavg()[0].toFixed(2)}`);
process.exit(0);
