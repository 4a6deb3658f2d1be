import { readFile, writeFile, mkdir, rm } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { copyProject, projectRoot, removeProject, runSite, type RunResult } from '../helpers/project-copy.ts';
import { startDev, type DevProcess } from '../dev/helpers/dev-process.ts';
import { getPage } from '../dev/helpers/events.ts';

/**
 * Issue 20: a new content kind is its declaration, its template and its content, and no other
 * code. In a copy of the project, tournaments get exactly that (a schema and an entry in
 * cli/content/kinds.ts, a route in site.config.yaml, a template and two items in each language),
 * and then `site build` publishes them, reports their mistakes at their file and line, and
 * `site dev` takes an edit of one on its fast path. One copy and one build for the whole file.
 */

let root: string;
let out: string;
let build: RunResult;
let dev: DevProcess | undefined;

const at = (path: string) => join(root, path);
const write = async (path: string, text: string) => {
  await mkdir(dirname(at(path)), { recursive: true });
  await writeFile(at(path), text);
};
/** Text put into a file right after `anchor` (the first match); the test fails if there is none. */
const insertAfter = async (path: string, anchor: RegExp, text: string) => {
  const old = await readFile(at(path), 'utf8');
  const match = anchor.exec(old);
  if (!match) throw new Error(`${path}: ${String(anchor)} not found`);
  const end = match.index + match[0].length;
  await writeFile(at(path), `${old.slice(0, end)}${text}${old.slice(end)}`);
};

// The declaration: a schema beside the others and one entry in contentKinds.
const SCHEMA = `import { z } from 'zod';
import { id, imageName, isoDate, slug, text } from './common.ts';

export const tournamentSchema = z.strictObject({
  id,
  title: text,
  slug: slug.optional(),
  start: isoDate,
  image: imageName,
  summary: text,
  rules: text.describe('How it is played, in Markdown'),
  draft: z.boolean().default(false),
});
`;
const DECLARATION = `
  tournaments: itemKind({
    collection: 'tournaments',
    schema: tournamentSchema,
    key: 'id',
    references: { image: ['image'] },
    markdown: ['rules'],
    order: [{ field: 'start' }],
    entity: 'tournament',
    itemPages: [{ route: 'tournament', anySlug: true, pageText: false }],
  }),`;
const ROUTE = `\n  tournament: { nl: "/toernooien/:id-:slug", en: "/tournaments/:id-:slug", layout: news }`;

// The template: typed from the declaration (model.tournaments, entity 'tournament').
const TEMPLATE = `import { PageFrame } from '../layouts/PageFrame.tsx';
import { Prose } from '../components/Prose.tsx';
import { itemById } from '../lib/lookup.ts';
import { useSite } from '../lib/site.tsx';

export function TournamentPage() {
  const { model, page, locale } = useSite();
  const item = itemById(model, 'tournaments', page.entity.kind === 'tournament' ? page.entity.id : NaN)![locale];
  const others = model.tournaments.map((other) => other[locale].data.title).join(' | ');
  return (
    <PageFrame title={item.data.title} description={item.data.summary} image={item.data.image} fallback={item.fallback}>
      <p className="lead">{item.data.summary}</p>
      <Prose html={item.data.rules} />
      <Prose html={item.html} />
      <p className="tournament-order">{others}</p>
    </PageFrame>
  );
}
`;

// What the declaration types, checked by tsc: a misspelt field or entity must not compile (no \`any\` anywhere).
const TYPES = `import type { SiteModel } from '../../cli/content/types.ts';
import type { PageEntity } from '../../cli/routes/types.ts';

export function probe(model: SiteModel) {
  const start: string = model.tournaments[0]!.nl.data.start;
  const slug: string = model.tournaments[0]!.en.data.slug;
  // @ts-expect-error: the schema has no \`titel\`
  const misspelt = model.tournaments[0]!.nl.data.titel;
  // @ts-expect-error: start is text, not a number
  const wrong: number = model.tournaments[0]!.nl.data.start;
  const kind: PageEntity['kind'] = 'tournament';
  // @ts-expect-error: no kind declares this entity
  const unknown: PageEntity['kind'] = 'tournaments';
  return [start, slug, misspelt, wrong, kind, unknown];
}
`;

const item = (fields: string[], body: string) => `---\n${fields.join('\n')}\n---\n${body}\n`;
const WINTER_NL = 'content/nl/tournaments/2-winterbokaal.md';
const winterNl = (extra = '') =>
  item(
    [
      'id: 2',
      'title: Winterbokaal',
      'start: "2026-01-17"',
      'image: court-clay-3',
      'summary: "Dubbels in de hal, elke zaterdag in januari."',
      'rules: "Speel **twee** sets tot zes."',
      ...(extra ? [extra] : []),
    ],
    'De winterbokaal is voor iedereen met een speelsterkte van 6 of hoger.',
  );
const CONTENT: Record<string, string> = {
  'content/nl/tournaments/1-clubkampioenschappen.md': item(
    [
      'id: 1',
      'title: Clubkampioenschappen',
      'start: "2026-06-13"',
      'image: court-clay-3',
      'summary: "Een week lang wedstrijden om de titels van de club."',
      'rules: "Elke partij gaat over *drie* sets."',
    ],
    'Inschrijven kan tot een week voor de start.',
  ),
  [WINTER_NL]: winterNl(),
  'content/en/tournaments/1-club-championships.md': item(
    [
      'id: 1',
      'title: Club championships',
      'summary: "A week of matches for the club\'s titles."',
      'rules: "Every match is *three* sets."',
    ],
    'Sign up until a week before the start.',
  ),
  'content/en/tournaments/2-winter-cup.md': item(
    [
      'id: 2',
      'title: Winter cup',
      'summary: "Indoor doubles, every Saturday in January."',
      'rules: "Play **two** sets to six."',
    ],
    'The winter cup is open to everyone rated 6 or better.',
  ),
};

beforeAll(async () => {
  root = await copyProject();
  out = mkdtempSync(join(tmpdir(), 'site-new-kind-'));
  await write('cli/content/schemas/tournament.ts', SCHEMA);
  await writeFile(
    at('cli/content/kinds.ts'),
    `import { tournamentSchema } from './schemas/tournament.ts';\n${await readFile(at('cli/content/kinds.ts'), 'utf8')}`,
  );
  await insertAfter('cli/content/kinds.ts', /export const contentKinds = \{/, DECLARATION);
  await insertAfter('site.config.yaml', /^routes:[^\n]*/m, ROUTE);
  await write('templates/pages/TournamentPage.tsx', TEMPLATE);
  await writeFile(
    at('templates/pages/index.ts'),
    `import { TournamentPage } from './TournamentPage.tsx';\n${await readFile(at('templates/pages/index.ts'), 'utf8')}`,
  );
  await insertAfter(
    'templates/pages/index.ts',
    /const pageComponents: Record<string, ComponentType> = \{/,
    '\n  tournament: TournamentPage,',
  );
  for (const [path, text] of Object.entries(CONTENT)) await write(path, text);
  build = await runSite(root, ['build', '--out', out]);
}, 300_000);

// The copy and its build take some 100 MB: kept only when asked (KEEP_BUILD=1), as build.test does.
afterAll(async () => {
  await dev?.stop();
  if (process.env.KEEP_BUILD === '1') return console.info(`kept ${root} and ${out}`);
  await rm(out, { recursive: true, force: true });
  if (root) await removeProject(root);
});

const html = (path: string) => readFile(join(out, 'public', `${path.slice(1)}.html`), 'utf8');

describe('a new kind from its declaration, template and content', () => {
  test('site build publishes each item at its three paths, Markdown fields rendered, in the declared order', async () => {
    expect(build.code, build.stderr).toBe(0);
    for (const path of ['/toernooien/1-clubkampioenschappen', '/nl/toernooien/1-clubkampioenschappen']) {
      const page = await html(path);
      expect(page).toContain('<h1');
      expect(page).toContain('Clubkampioenschappen');
      expect(page).toContain('<p>Elke partij gaat over <em>drie</em> sets.</p>');
      expect(page).toContain('<p>Inschrijven kan tot een week voor de start.</p>');
      // Ordered by start, as declared: the January cup before the June championships.
      expect(page).toContain('<p class="tournament-order">Winterbokaal | Clubkampioenschappen</p>');
      expect(page).toContain(
        '<link rel="canonical" href="https://www.baselinetennis.nl/toernooien/1-clubkampioenschappen"',
      );
      expect(page).toContain('hrefLang="en" href="https://www.baselinetennis.nl/en/tournaments/1-club-championships"');
    }
    const english = await html('/en/tournaments/2-winter-cup');
    expect(english).toContain('Winter cup');
    expect(english).toContain('<p>Play <strong>two</strong> sets to six.</p>');
    expect(english).toContain('<p>The winter cup is open to everyone rated 6 or better.</p>');
    expect(await html('/toernooien/2-winterbokaal')).toContain('<p>Speel <strong>twee</strong> sets tot zes.</p>');
    expect(await html('/en/tournaments/1-club-championships')).toContain('Every match is <em>three</em> sets.');
  });

  test('its pages are in the sitemap and the redirect map like any item', async () => {
    const sitemap = await readFile(join(out, 'public', 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://www.baselinetennis.nl/toernooien/2-winterbokaal</loc>');
    expect(sitemap).toContain('<loc>https://www.baselinetennis.nl/en/tournaments/2-winter-cup</loc>');
    const redirects = await readFile(join(out, 'public', '_redirects'), 'utf8');
    expect(redirects).toMatch(/^\/toernooien\/1 \/toernooien\/1-clubkampioenschappen 301$/m);
    expect(redirects).toMatch(/^\/en\/tournaments\/2-\* \/en\/tournaments\/2-winter-cup 301$/m);
  });

  test('its mistakes are errors at their file and line, all in one run, with did-you-mean', async () => {
    await write(WINTER_NL, winterNl('titel: Winterbeker').replace('image: court-clay-3', 'image: court-clay-33'));
    try {
      const failed = await runSite(root, ['build', '--out', join(out, 'failed')]);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain(`${WINTER_NL}:5`);
      expect(failed.stderr).toMatch(
        /image: no image "court-clay-33" in content\/images \(did you mean "court-clay-3"\?\)/,
      );
      expect(failed.stderr).toContain(`${WINTER_NL}:8`);
      expect(failed.stderr).toMatch(/unknown field "titel" \(did you mean "title"\?\)/);
    } finally {
      await write(WINTER_NL, winterNl());
    }
  });

  test('the template type-checks against the types the declaration gives (model.tournaments, entity tournament)', async () => {
    await write('templates/pages/tournament-types.ts', TYPES);
    const tsconfig = JSON.parse(await readFile(join(projectRoot, 'tsconfig.json'), 'utf8')) as {
      compilerOptions: unknown;
    };
    await write(
      'tsconfig.kind.json',
      JSON.stringify({
        compilerOptions: tsconfig.compilerOptions,
        files: ['templates/pages/TournamentPage.tsx', 'templates/pages/tournament-types.ts'],
      }),
    );
    const checked = await promisify(execFile)(
      process.execPath,
      [join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.kind.json'],
      { cwd: root },
    ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    expect(checked.stdout).toBe('');
  }, 180_000);

  test('site dev takes an edit of one of its files on the fast path', async () => {
    dev = await startDev(root);
    const before = await getPage(dev.url, '/toernooien/2-winterbokaal');
    expect(before.status).toBe(200);
    expect(before.html).toContain('Winterbokaal');
    const from = dev.output().length;
    await write(WINTER_NL, winterNl().replace('De winterbokaal is', 'De vernieuwde winterbokaal is'));
    await dev.waitForOutput(/2-winterbokaal\.md[^\n]*\(fast rebuild/, from);
    const after = await getPage(dev.url, '/toernooien/2-winterbokaal');
    expect(after.html).toContain('De vernieuwde winterbokaal is');
    expect((await getPage(dev.url, '/en/tournaments/2-winter-cup')).html).toContain('Winter cup');
  }, 180_000);
});
