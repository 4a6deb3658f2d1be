import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import type { SiteConfig } from '../../shared/config.ts';
import { readContent } from '../../cli/content/read.ts';
import { validateContent } from '../../cli/content/validate.ts';
import { failureReasons, formKinds } from '../../functions/form-results.ts';
import { buildModel } from '../../cli/content/model.ts';
import { renderMarkdown } from '../../cli/content/markdown.ts';
import type { SiteModel } from '../../cli/content/types.ts';
import { siteManifestSchema } from '../../shared/site-manifest.ts';
import { OutputDir, buildsFolder } from '../../cli/build/output.ts';
import { StageTimer } from '../../cli/build/timings.ts';
import { PAGE_PARTS } from '../../cli/build/page-parts.ts';
import { RebuildSession } from '../../cli/build/incremental/rebuild-session.ts';
import { BuildImages } from '../../cli/build/incremental/images.ts';
import { devMode } from '../../cli/build/incremental/session-mode.ts';
import type { AssetName } from '../../cli/build/incremental/compiled-parts.ts';
import { outputFile } from '../../shared/paths.ts';
import { editFile, expectGolden, fileOf, linkTarget, listFiles, normalise, repoRoot } from './helpers.ts';
import { copyProject, runSite, type RunResult as Run } from '../helpers/project-copy.ts';
import { committedBuild } from '../helpers/committed-build.ts';

/**
 * The real CLI on the real site, built once into a temporary folder; every test below reads that
 * one build. Failing builds run on a copy of the project with one file broken.
 */

let tmp: string;
let out: string;
let publicDir: string;
let build: Run;
let buildDate: string;
let buildDays: string[];
let config: SiteConfig;
let model: SiteModel;
let htmlFiles: string[];

const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'site-build-'));
  out = join(tmp, 'dist');
  publicDir = join(out, 'public');
  const before = today();
  build = await runSite(repoRoot, ['build', '--out', out, '--json']);
  // The date the build stamped (a build across midnight may carry either day's).
  const sitemap = await readFile(join(publicDir, 'sitemap.xml'), 'utf8').catch(() => '');
  buildDate = /<loc>https:\/\/www\.baselinetennis\.nl<\/loc>\s*<lastmod>([^<]+)<\/lastmod>/.exec(sitemap)?.[1] ?? '';
  buildDays = [before, today()];

  config = await loadConfig(repoRoot);
  const files = await readContent(repoRoot);
  const validated = validateContent(config, files, { strict: false, drafts: false });
  if (!validated.content)
    throw new Error(`the real content does not validate: ${validated.problems.map((p) => p.message).join('; ')}`);
  model = buildModel(config, validated.content, files.images, renderMarkdown).model;
  htmlFiles = existsSync(publicDir) ? (await listFiles(publicDir)).filter((file) => file.endsWith('.html')) : [];
});

// Builds and project copies take some 100 MB: keep them only when asked (KEEP_BUILD=1).
afterAll(async () => {
  if (tmp && process.env.KEEP_BUILD !== '1') await rm(tmp, { recursive: true, force: true });
});

const read = (file: string) => readFile(join(publicDir, file), 'utf8');
const url = (path: string) => `${config.url}${path === '/' ? '' : path}`;

/** A page of the site as the spec describes it: its URL paths, language, canonical and alternates. */
interface Expected {
  name: string;
  locale: 'nl' | 'en';
  paths: string[];
  canonical: string;
  alternates?: { nl: string; en: string };
  shell?: boolean;
  /** Reached through a form only (staging login, a form's result): noindex, not in the sitemap. */
  unlisted?: boolean;
  lastmod?: string;
}

/** Spec section 2 (plus the footer pages): the fixed pages, Dutch path and English path. */
const fixedPages: Array<[name: string, nl: string, en: string]> = [
  ['home', '/', '/en'],
  ['login', '/login', '/en/login'],
  ['camps', '/kampen', '/en/camps'],
  ['contact', '/contact', '/en/contact'],
  ['socials', '/socials', '/en/socials'],
  ['about', '/over-ons', '/en/about-us'],
  ['jobs', '/vacatures', '/en/jobs'],
  ['pro academy', '/pro-academy', '/en/pro-academy'],
  ['junior academy', '/junior-academy', '/en/junior-academy'],
  ['regional tennis', '/regiotennis', '/en/regional-tennis'],
  ['news list', '/nieuws', '/en/news'],
  ['clubs list', '/verenigingen', '/en/clubs'],
  ['privacy policy', '/privacy-policy', '/en/privacy-policy'],
  ['events list', '/evenementen', '/en/events'],
  ['registrations list', '/evenementen/inschrijvingen', '/en/events/registrations'],
  ['anti-bullying policy', '/anti-pestbeleid', '/en/anti-bullying-policy'],
  ['general terms', '/algemene-voorwaarden', '/en/terms-and-conditions'],
  ['lesson rules', '/lesregels', '/en/lesson-rules'],
  ['search', '/zoeken', '/en/search'],
];

const nlPrefixed = (path: string) => (path === '/' ? '/nl' : `/nl${path}`);

function pair(
  name: string,
  nl: string,
  en: string,
  extra: { shell?: boolean; unlisted?: boolean; lastmod?: string } = {},
): Expected[] {
  const alternates = extra.shell ? {} : { alternates: { nl, en } };
  const lastmod = extra.lastmod ? { lastmod: extra.lastmod } : {};
  const unlisted = extra.unlisted ? { unlisted: true } : {};
  return [
    {
      name: `${name} (nl)`,
      locale: 'nl',
      paths: [nl, nlPrefixed(nl)],
      canonical: nl,
      shell: extra.shell ?? false,
      ...alternates,
      ...lastmod,
      ...unlisted,
    },
    {
      name: `${name} (en)`,
      locale: 'en',
      paths: [en],
      canonical: en,
      shell: extra.shell ?? false,
      ...alternates,
      ...lastmod,
      ...unlisted,
    },
  ];
}

/** The staging login, and where a form posted without JavaScript lands: one page per form, one per reason. */
const unlistedPages: Array<[name: string, nl: string, en: string]> = [
  ['staging login', '/staging-login', '/en/staging-login'],
  ['staging login, wrong code', '/staging-login/opnieuw', '/en/staging-login/retry'],
  ...formKinds.map((form): [string, string, string] => [`${form} sent`, `/verzonden/${form}`, `/en/sent/${form}`]),
  ...failureReasons.map((reason): [string, string, string] => [
    `not sent: ${reason}`,
    `/niet-verzonden/${reason}`,
    `/en/not-sent/${reason}`,
  ]),
];

/** Every page the site must have, from the spec's patterns and the real content. */
function expectedPages(): Expected[] {
  const pages = fixedPages.flatMap(([name, nl, en]) => pair(name, nl, en));
  pages.push(...unlistedPages.flatMap(([name, nl, en]) => pair(name, nl, en, { unlisted: true })));
  for (const item of model.news) {
    const { id, date } = item.nl.data;
    pages.push(
      ...pair(`news ${id}`, `/nieuws/${id}-${item.nl.data.slug}`, `/en/news/${id}-${item.en.data.slug}`, {
        lastmod: date,
      }),
    );
  }
  for (let page = 2; page <= Math.ceil(model.news.length / 12); page++)
    pages.push(...pair(`news page ${page}`, `/nieuws/pagina/${page}`, `/en/news/page/${page}`));
  for (const club of model.clubs)
    pages.push(
      ...pair(`club ${club.id}`, `/verenigingen/${club.id}-${club.slug}`, `/en/clubs/${club.id}-${club.slug}`),
    );
  for (const item of model.events) {
    const { id } = item.nl.data;
    const nl = `/evenementen/${id}-${item.nl.data.slug}`;
    const en = `/en/events/${id}-${item.en.data.slug}`;
    pages.push(...pair(`event ${id}`, nl, en), ...pair(`event ${id} sign-up`, `${nl}/inschrijven`, `${en}/register`));
  }
  pages.push(
    ...pair('registration detail', '/evenementen/inschrijvingen/[id]', '/en/events/registrations/[id]', {
      shell: true,
    }),
  );
  return pages;
}

describe('site build on the real site', () => {
  test('exits 0 and prints its result as JSON', () => {
    expect(build.stderr).not.toMatch(/^error /m);
    expect(build.code, build.stderr).toBe(0);
    const result = JSON.parse(build.stdout) as {
      out: string;
      unchanged: boolean;
      pages: number;
      files: number;
      warnings: number;
    };
    expect(result.out).toBe(out);
    expect(result.unchanged).toBe(false);
    expect(result.pages).toBe(htmlFiles.length);
    expect(result.files).toBeGreaterThan(result.pages);
    expect(buildDays).toContain(buildDate);
  });

  test('counts what the build folder holds: every file of every stage went through its one writer', async () => {
    const { files, bytes } = JSON.parse(build.stdout) as { files: number; bytes: number };
    const held = await listFiles(out);
    const sizes = await Promise.all(held.map(async (file) => (await lstat(join(out, file))).size));
    expect({ files, bytes }).toEqual({ files: held.length, bytes: sizes.reduce((sum, size) => sum + size, 0) });
  });

  test('dist is a link to a complete build folder beside it', async () => {
    expect((await lstat(out)).isSymbolicLink()).toBe(true);
    expect(await linkTarget(out)).toMatch(/^\.dist-builds\/[^/]+$/);
    expect(await readdir(join(tmp, '.dist-builds'))).toHaveLength(1);
  });

  test('the real content has 20 clubs, at least 8 news articles and 6 events', () => {
    expect(model.clubs).toHaveLength(20);
    expect(model.news.length).toBeGreaterThanOrEqual(8);
    expect(model.events.length).toBeGreaterThanOrEqual(6);
  });

  test('dist/public holds every page in its three variants, and nothing else', () => {
    const statusPages = ['404.html', '500.html', 'en/404.html', 'en/500.html'];
    const expected = [...expectedPages().flatMap((page) => page.paths.map(fileOf)), ...statusPages].sort();
    expect(new Set(expected).size).toBe(expected.length);
    const missing = expected.filter((file) => !htmlFiles.includes(file));
    const extra = htmlFiles.filter((file) => !expected.includes(file));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  test.each(fixedPages)('%s: %s, /nl and %s', (_, nl, en) => {
    for (const path of [nl, nlPrefixed(nl), en]) expect(existsSync(join(publicDir, fileOf(path))), path).toBe(true);
  });

  test('every page: its language, canonical, hreflang alternates and title', async () => {
    for (const page of expectedPages()) {
      for (const path of page.paths) {
        const html = await read(fileOf(path));
        expect(html, path).toMatch(new RegExp(`^<!doctype html><html lang="${page.locale}"`, 'i'));
        expect(html, path).toMatch(/<title>[^<]+ \| Baseline Tennis<\/title>/);
        if (page.shell || page.unlisted) {
          expect(html, path).toContain('<meta name="robots" content="noindex"/>');
          expect(html, path).not.toContain('rel="canonical"');
        }
        if (page.shell) continue;
        if (!page.unlisted) expect(html, path).toContain(`<link rel="canonical" href="${url(page.canonical)}"/>`);
        const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/gi)].map(
          (m) => [m[1], m[2]],
        );
        expect(alternates, path).toEqual([
          ['nl', url(page.alternates!.nl)],
          ['en', url(page.alternates!.en)],
          ['x-default', url(page.alternates!.nl)],
        ]);
      }
    }
  });

  test('the two Dutch variants of a page are the same document', async () => {
    for (const page of expectedPages().filter((p) => p.locale === 'nl')) {
      const [unprefixed, prefixed] = await Promise.all(page.paths.map((path) => read(fileOf(path))));
      expect(prefixed, page.paths[1]).toBe(unprefixed);
    }
  });

  test('an untranslated article: the English page shows the Dutch text and says so', async () => {
    const fallback = model.news.find((item) => item.en.fallback);
    if (!fallback) return; // every article is translated: nothing to show
    const html = await read(fileOf(`/en/news/${fallback.nl.data.id}-${fallback.en.data.slug}`));
    expect(html).toContain(fallback.nl.data.title);
    expect(html).toMatch(/<html lang="en"/);
    expect(build.stderr).toContain(`warning TRANSLATION_MISSING  ${fallback.nl.source}:1`);
  });
});

describe('404 and 500 pages', () => {
  // The spec's English wording on English pages, translated on Dutch ones (issue 19).
  test.each([
    ['404.html', 'nl', 'Pagina niet gevonden'],
    ['en/404.html', 'en', 'Page Not Found'],
  ])('%s: "%s" and the requested path, in %s', async (file, locale, message) => {
    const html = await read(file);
    expect(html).toMatch(new RegExp(`<html lang="${locale}"`));
    expect(html).toContain(`<title>404 ${message} | Baseline Tennis</title>`);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // The path is filled in by the browser: the page is one file for every unknown path.
    expect(html).toMatch(
      new RegExp(`${message}<!-- -->: <site-island data-island="requested-path"[^>]*><code data-requested-path>`),
    );
  });

  // Issue 19: what a visitor met that was stale or wrong.
  test('the home page has a title of its own, not "Baseline Tennis | Baseline Tennis"', async () => {
    expect(await read('index.html')).toContain('<title>Tennisles op je eigen club | Baseline Tennis</title>');
    expect(await read('en.html')).toContain('<title>Tennis lessons at your own club | Baseline Tennis</title>');
  });

  test('a week-long camp is shown as its span of days, not as its first day', async () => {
    const html = await read('evenementen.html');
    expect(html).toContain('<p class="date-badge" aria-hidden="true"><strong>26–30</strong><span>jul</span></p>');
    // Intl's range separator: thin spaces around the dash.
    expect(html).toMatch(/<time dateTime="2027-07-26T09:30">ma 26\s–\svr 30 juli 2027<\/time>/);
  });

  test('an article not yet translated says so on the English list, before its Dutch title', async () => {
    expect(await read('en/news.html')).toMatch(
      /<span class="lang-note" lang="en">In Dutch<\/span><\/p><h2><a href="\/en\/news\/9-nieuwe-gravelbanen-bij-ltc-de-kei" class="card-link">Nieuwe gravelbanen bij LTC De Kei<\/a>/,
    );
  });

  test("the contact page shows the office's hours from content/data/lessons.yaml", async () => {
    const html = (await read('contact.html')).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(html).toMatch(/Vrijdag 08:30 – 21:00/);
    expect(html).toMatch(/Zondag 10:00 – 13:00/);
  });

  test('500: the status code and a "Clear errors" button that goes to /, "Fouten wissen" in Dutch', async () => {
    const html = await read('500.html');
    expect(html).toContain('<title>500 ');
    expect(html).toMatch(/<a class="button" href="\/">Fouten wissen/);
    expect(await read('en/500.html')).toMatch(/<a class="button" href="\/">Clear errors/);
  });
});

describe('golden output (UPDATE_GOLDEN=1 rewrites them)', () => {
  test.each([
    ['camps (nl)', 'kampen.html'],
    ['a club page (nl)', 'verenigingen/1-ltc-de-kei.html'],
    ['a news article (en)', 'en/news/1-spring-lessons-start-on-31-march.html'],
    ['the registration shell (en)', 'en/events/registrations/[id].html'],
    ['404 (en)', 'en/404.html'],
  ])('%s: %s', async (_, file) => {
    await expectGolden(file.replaceAll('/', '__'), normalise(await read(file), buildDate));
  });
});

describe('sitemap.xml and robots.txt', () => {
  let urls: Array<{ loc: string; lastmod: string; alternates: string[][] }>;
  beforeAll(async () => {
    const xml = await read('sitemap.xml');
    urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
      loc: /<loc>([^<]+)<\/loc>/.exec(body!)![1]!,
      lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(body!)![1]!,
      alternates: [...body!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    }));
  });

  test('is a sitemap with the xhtml namespace', async () => {
    const xml = await readFile(join(publicDir, 'sitemap.xml'), 'utf8');
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ),
    ).toBe(true);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  test('lists every canonical page once: no /nl duplicates, no shells, no staging login nor form results', () => {
    const expected = expectedPages()
      .filter((page) => !page.shell && !page.unlisted)
      .map((page) => url(page.canonical))
      .sort();
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    expect([...locs].sort()).toEqual(expected);
  });

  test('every entry has its hreflang alternates nl, en and x-default', () => {
    const byCanonical = new Map(expectedPages().map((page) => [url(page.canonical), page]));
    for (const entry of urls) {
      const page = byCanonical.get(entry.loc)!;
      expect(entry.alternates, entry.loc).toEqual([
        ['nl', url(page.alternates!.nl)],
        ['en', url(page.alternates!.en)],
        ['x-default', url(page.alternates!.nl)],
      ]);
    }
  });

  test('lastmod: a news article its date, every other page the build date', () => {
    const byCanonical = new Map(expectedPages().map((page) => [url(page.canonical), page]));
    for (const entry of urls) {
      const page = byCanonical.get(entry.loc)!;
      if (page.lastmod) expect(entry.lastmod, entry.loc).toBe(page.lastmod);
      else expect(entry.lastmod, entry.loc).toBe(buildDate);
    }
  });

  test('robots.txt allows the site, keeps crawlers off the staging login and names the sitemap', async () => {
    expect(await readFile(join(publicDir, 'robots.txt'), 'utf8')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /staging-login\nDisallow: /nl/staging-login\nDisallow: /en/staging-login\n\nSitemap: https://www.baselinetennis.nl/sitemap.xml\n',
    );
  });
});

describe('the redirect map: redirects.json and _redirects', () => {
  let rules: Array<{ from: string; to: string; status: number }>;
  beforeAll(async () => {
    rules = (JSON.parse(await readFile(join(out, 'redirects.json'), 'utf8')) as { redirects: typeof rules }).redirects;
  });
  const target = (from: string) => rules.find((r) => r.from === from)?.to;
  /** Whether a redirect target is served: a page, the sitemap, or another site. */
  const served = (to: string) =>
    /^https:\/\//.test(to) || existsSync(join(publicDir, to === '/sitemap.xml' ? 'sitemap.xml' : fileOf(to)));

  test('every rule is a 301 to something that is served; none starts at a page', () => {
    expect(rules.length).toBeGreaterThan(100);
    for (const rule of rules) {
      expect(rule.status).toBe(301);
      expect(served(rule.to), `${rule.from} -> ${rule.to}`).toBe(true);
      if (!rule.from.endsWith('*'))
        expect(existsSync(join(publicDir, fileOf(rule.from))), `${rule.from} hides a page`).toBe(false);
    }
  });

  test('every club: its name slug, id only, any slug and old WordPress path, in every variant', () => {
    for (const club of model.clubs) {
      const nl = `/verenigingen/${club.id}-${club.slug}`;
      const en = `/en/clubs/${club.id}-${club.slug}`;
      // Every club of the real content came from the old site (a new one may have no wpPath).
      const wpPath = club.wpPath!;
      expect(
        [
          `/verenigingen/${club.slug}`,
          `/nl/verenigingen/${club.slug}`,
          `/en/clubs/${club.slug}`,
          `/verenigingen/${club.id}`,
          `/nl/verenigingen/${club.id}`,
          `/en/clubs/${club.id}`,
          `/verenigingen/${club.id}-*`,
          `/en/clubs/${club.id}-*`,
          wpPath,
          wpPath.replace(/\/$/, ''),
        ].map(target),
        club.name,
      ).toEqual([nl, `/nl${nl}`, en, nl, `/nl${nl}`, en, nl, en, nl, nl]);
    }
  });

  test('every news article and event: id only and any slug, in every variant', () => {
    for (const [items, nlBase, enBase] of [
      [model.news, '/nieuws', '/en/news'],
      [model.events, '/evenementen', '/en/events'],
    ] as const) {
      for (const item of items) {
        const { id } = item.nl.data;
        const nl = `${nlBase}/${id}-${item.nl.data.slug}`;
        const en = `${enBase}/${id}-${item.en.data.slug}`;
        expect(
          [
            `${nlBase}/${id}`,
            `/nl${nlBase}/${id}`,
            `${enBase}/${id}`,
            `${nlBase}/${id}-*`,
            `/nl${nlBase}/${id}-*`,
            `${enBase}/${id}-*`,
          ].map(target),
          nl,
        ).toEqual([nl, `/nl${nl}`, en, nl, `/nl${nl}`, en]);
      }
    }
  });

  test('every legacy path under /, /nl and /en leads to a page (none may 404)', () => {
    const legacy = Object.keys(config.legacy);
    expect(legacy.length).toBeGreaterThanOrEqual(29);
    for (const segment of legacy) {
      for (const prefix of ['', '/nl', '/en']) {
        const from = `${prefix}/${segment}`;
        if (from === '/sitemap.xml') {
          expect(existsSync(join(publicDir, 'sitemap.xml'))).toBe(true);
          continue;
        }
        const to = target(from);
        expect(to, from).toBeDefined();
        expect(served(to!), `${from} -> ${to}`).toBe(true);
      }
    }
    expect([target('/nl/sitemap.xml'), target('/en/sitemap.xml')]).toEqual(['/sitemap.xml', '/sitemap.xml']);
  });

  test('_redirects has the same rules in the same order, one a line', async () => {
    const lines = (await readFile(join(publicDir, '_redirects'), 'utf8')).trimEnd().split('\n');
    expect(lines).toEqual(rules.map((r) => `${r.from} ${r.to} ${r.status}`));
  });

  test('exact rules come before `*` rules, longer prefixes first', () => {
    const firstPrefix = rules.findIndex((r) => r.from.endsWith('*'));
    expect(firstPrefix).toBeGreaterThan(0);
    expect(rules.slice(firstPrefix).every((r) => r.from.endsWith('*'))).toBe(true);
    const lengths = rules.slice(firstPrefix).map((r) => r.from.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
  });

  test('firebase.json carries redirects for Hosting', async () => {
    const firebase = JSON.parse(await readFile(join(out, 'firebase.json'), 'utf8')) as {
      hosting: { public: string; redirects: unknown[] };
    };
    expect(firebase.hosting.public).toBe('public');
    expect(firebase.hosting.redirects.length).toBeGreaterThan(0);
  });
});

describe('site.json (what site serve reads)', () => {
  test('names the site, its 404 pages, homes, staging login, shells and canonical whitelist', async () => {
    const site = JSON.parse(await readFile(join(out, 'site.json'), 'utf8')) as unknown;
    expect(siteManifestSchema.safeParse(site).success).toBe(true);
    expect(site).toMatchObject({
      url: 'https://www.baselinetennis.nl',
      officeEmail: 'info@baselinetennis.nl',
      locales: ['nl', 'en'],
      defaultLocale: 'nl',
      notFound: { nl: '/404.html', en: '/en/404.html' },
      home: { nl: '/', en: '/en' },
      stagingLogin: { nl: '/staging-login', en: '/en/staging-login' },
      stagingLoginFailed: { nl: '/staging-login/opnieuw', en: '/en/staging-login/retry' },
      formResults: {
        sent: { nl: '/verzonden/[id]', en: '/en/sent/[id]' },
        failed: { nl: '/niet-verzonden/[id]', en: '/en/not-sent/[id]' },
      },
      rewrites: [
        { source: '/evenementen/inschrijvingen/:id', destination: '/evenementen/inschrijvingen/[id].html' },
        { source: '/nl/evenementen/inschrijvingen/:id', destination: '/nl/evenementen/inschrijvingen/[id].html' },
        { source: '/en/events/registrations/:id', destination: '/en/events/registrations/[id].html' },
      ],
      canonicalQuery: ['page'],
    });
    for (const file of ['404.html', 'en/404.html', 'evenementen/inschrijvingen/[id].html'])
      expect(existsSync(join(publicDir, file)), file).toBe(true);
  });
});

describe('the command line', () => {
  const noStackTrace = (text: string) => {
    expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    expect(text).not.toMatch(/internal error/i);
  };

  test.concurrent.each([
    [['build', '--bogus'], "error: unknown option '--bogus'"],
    [['build', '--out'], "error: option '--out <dir>' argument missing"],
    [['frobnicate'], "error: unknown command 'frobnicate'"],
  ])('usage error %j: exit 2, says what is wrong', async (args, message) => {
    const run = await runSite(repoRoot, args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('(run with --help for usage)');
    expect(run.stdout).toBe('');
    noStackTrace(run.stderr);
  });

  test.concurrent('site build --help: every option with its type and default', async () => {
    const run = await runSite(repoRoot, ['build', '--help']);
    expect(run.code).toBe(0);
    const options = run.stdout.split('Options:')[1]!;
    // One entry per option; a description may wrap onto the next lines.
    const entries = options
      .split(/\n(?=\s{2}-)/)
      .map((entry) => entry.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    const byFlag = Object.fromEntries(entries.map((entry) => [entry.split(' ')[0]!.replace(/,$/, ''), entry]));
    expect(Object.keys(byFlag)).toEqual([
      '--root',
      '--out',
      '--strict',
      '--future',
      '--watch',
      '--json',
      '--threads',
      '-h',
    ]);
    expect(byFlag['--root']).toMatch(/^--root <dir> .*\(string\) \(default: current folder\)$/);
    expect(byFlag['--out']).toMatch(/^--out <dir> .*\(string\) \(default: "dist"\)$/);
    expect(byFlag['--strict']).toMatch(/^--strict .*\(boolean\) \(default: false\)$/);
    expect(byFlag['--future']).toMatch(/^--future .*\(boolean\) \(default: false\)$/);
    expect(byFlag['--watch']).toMatch(/^--watch .*\(boolean\) \(default: false\)$/);
    expect(byFlag['--json']).toMatch(/^--json .*\(boolean\) \(default: false\)$/);
    expect(byFlag['--threads']).toMatch(/^--threads <number> .*\(number\) \(default: the machine's cores\)$/);
  });

  test.concurrent('site --help lists the build command', async () => {
    const run = await runSite(repoRoot, ['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: site \[options\] \[command\]/);
    expect(run.stdout).toMatch(/^\s+build \[options\]\s+Validate content/m);
  });

  test.concurrent.each([['--version'], ['-v']])('site %s prints the package version', async (flag) => {
    const { version } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    const run = await runSite(repoRoot, [flag]);
    expect(run).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  describe('a content error', () => {
    let project: string;
    let run: Run;
    let before: { link: string; builds: string[]; sitemap: string };
    const digest = async () =>
      createHash('sha256')
        .update(await readFile(join(publicDir, 'sitemap.xml')))
        .digest('hex');

    beforeAll(async () => {
      project = await copyProject({ dest: join(tmp, 'broken'), imageCache: 'copy' });
      await editFile(project, 'content/nl/news/1-voorjaarslessen-starten-op-31-maart.md', /^id: 1$/m, 'id: een');
      before = {
        link: await linkTarget(out),
        builds: await readdir(join(tmp, '.dist-builds')),
        sitemap: await digest(),
      };
      // Into the real build's dist: the failed build must leave it as it was.
      run = await runSite(project, ['build', '--out', out]);
    });

    test('exit 1 with the problem, file and line, and no stack trace', () => {
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        'error CONTENT_SCHEMA_MISMATCH  content/nl/news/1-voorjaarslessen-starten-op-31-maart.md:2\n  id: expected number, received "een"\n  hint: Fix the field `id`; docs/content.md lists the fields of every kind of content (here: news).\n',
      );
      expect(run.stderr).toMatch(/\n1 error(, \d+ warnings?)?\n$/);
      expect(run.stdout).toBe('');
      noStackTrace(run.stderr);
    });

    test('dist is untouched', async () => {
      expect(await linkTarget(out)).toBe(before.link);
      expect(await readdir(join(tmp, '.dist-builds'))).toEqual(before.builds);
      expect(await digest()).toBe(before.sitemap);
    });
  });
});

describe('the atomic swap', () => {
  let project: string;
  let swapOut: string;
  const builds = () => readdir(join(project, '..', '.swap-dist-builds')).then((names) => names.sort());
  const NEWS = 'content/nl/news/1-voorjaarslessen-starten-op-31-maart.md';
  const page = () => readFile(join(swapOut, 'public', 'nieuws', '1-voorjaarslessen-starten-op-31-maart.html'), 'utf8');

  beforeAll(async () => {
    project = await copyProject({ dest: join(tmp, 'swap', 'project'), imageCache: 'copy' });
    swapOut = join(tmp, 'swap', 'swap-dist');
  });

  const buildOk = async () => {
    const run = await runSite(project, ['build', '--out', swapOut, '--json']);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as { unchanged: boolean };
  };

  test('a failing build leaves dist as it was; a succeeding one replaces it and keeps the one before; older ones are pruned', async () => {
    // 1. A first build.
    await buildOk();
    const first = await linkTarget(swapOut);
    expect(await builds()).toEqual([first.split('/')[1]]);

    // 2. A template that throws while rendering: the build fails after it started writing.
    await editFile(
      project,
      'templates/document.tsx',
      'const { config } = model;',
      "const { config } = model;\n  if (page.route === 'camps') throw new Error('camps template broke');",
    );
    const failed = await runSite(project, ['build', '--out', swapOut]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('error TEMPLATE_FAILED');
    expect(failed.stderr).toContain('camps template broke');
    expect(await linkTarget(swapOut)).toBe(first);
    expect(await builds(), 'the half-written build folder is removed').toEqual([first.split('/')[1]]);
    await editFile(
      project,
      'templates/document.tsx',
      "\n  if (page.route === 'camps') throw new Error('camps template broke');",
      '',
    );

    // 3. A changed article: a new build, the first kept as the previous one.
    await editFile(
      project,
      NEWS,
      'title: Voorjaarslessen starten op 31 maart',
      'title: Voorjaarslessen starten op 31 maart!',
    );
    await buildOk();
    const second = await linkTarget(swapOut);
    expect(second).not.toBe(first);
    expect(await builds()).toEqual([first, second].map((link) => link.split('/')[1]).sort());
    expect(await page()).toContain('Voorjaarslessen starten op 31 maart!');

    // 4. Nothing changed: nothing is built, dist stays.
    expect((await buildOk()).unchanged).toBe(true);
    expect(await linkTarget(swapOut)).toBe(second);

    // 5. Another change: the first build is pruned, the second kept.
    await editFile(
      project,
      NEWS,
      'title: Voorjaarslessen starten op 31 maart!',
      'title: Voorjaarslessen starten op 31 maart!!',
    );
    await buildOk();
    const third = await linkTarget(swapOut);
    expect(await builds()).toEqual([second, third].map((link) => link.split('/')[1]).sort());
    expect(await page()).toContain('Voorjaarslessen starten op 31 maart!!');
  }, 180_000);
});

describe('OutputDir (the swap itself, in process)', () => {
  test('a dist that is a real folder is kept as a build, once, and pruned like any other', async () => {
    const root = await mkdtemp(join(tmp, 'output-'));
    const dist = join(root, 'dist');
    await mkdir(join(dist, 'public'), { recursive: true });
    await writeFile(join(dist, 'public', 'index.html'), 'old tool');

    const commit = (text: string) => committedBuild(dist, text);
    await commit('one');
    expect((await lstat(dist)).isSymbolicLink()).toBe(true);
    expect(await readFile(join(dist, 'public', 'index.html'), 'utf8')).toBe('one');
    const adopted = (await readdir(buildsFolder(dist))).filter((name) => name.startsWith('0-adopted-'));
    expect(adopted).toHaveLength(1);
    expect(await readFile(join(buildsFolder(dist), adopted[0]!, 'public', 'index.html'), 'utf8')).toBe('old tool');

    const two = await commit('two');
    expect(await readdir(buildsFolder(dist))).toHaveLength(2); // the adopted folder is older than the previous build: gone

    const failed = await OutputDir.create(dist);
    await failed.write('public/index.html', 'half');
    await failed.discard();
    expect(await readFile(join(dist, 'public', 'index.html'), 'utf8')).toBe('two');
    expect(await readdir(buildsFolder(dist))).not.toContain(failed.dir.split('/').pop());
    expect(join(buildsFolder(dist), (await linkTarget(dist)).split('/').pop()!)).toBe(two.dir);
  });
});

describe('one orchestration, two drivers (issue 22)', () => {
  test('site build ran the stages of a cold site dev session, in its order, and the session renders its pages as built', async () => {
    // site dev's settings (drafts, warnings) without functions/ imported or image files made: no page needs them.
    const timer = new StageTimer();
    const session = await RebuildSession.open(repoRoot, timer);
    const images = new BuildImages(repoRoot);
    try {
      await session.cold({ ...devMode(repoRoot), parts: Object.keys(PAGE_PARTS) as AssetName[], images, timer });
    } finally {
      await images.cancel();
    }
    // esbuild's compile ends whenever it ends beside the content stages; hash and read are the
    // build's own gate (nothing changed: nothing to do; else the texts its stat prints answered
    // for are read, when it has prints: cli/content/content-prints.ts). Every other stage runs in one order.
    const gate = ['compile', 'hash', 'read'];
    const inOrder = (stages: string[]) => stages.filter((stage) => !gate.includes(stage));
    const sessionStages = timer.timings.map((t) => t.stage);
    const buildStages = (JSON.parse(build.stdout) as { timings: Array<{ stage: string }> }).timings.map((t) => t.stage);
    expect(inOrder(sessionStages)).toEqual([
      'load',
      'config',
      'validate',
      'markdown',
      'model',
      'routes',
      // The rest of the Markdown stage (its bodies from the workers, its cache saved): after the model and routes.
      'bodies',
      'images',
      'generation',
    ]);
    expect(inOrder(buildStages).slice(0, inOrder(sessionStages).length)).toEqual(inOrder(sessionStages));
    for (const stages of [sessionStages, buildStages])
      expect(stages.indexOf('compile')).toBeLessThan(stages.indexOf('images'));
    expect(buildStages.indexOf('hash')).toBe(buildStages.indexOf('load') + 1); // the build's own gate: nothing changed, nothing to do
    if (buildStages.includes('read')) expect(buildStages.indexOf('read')).toBe(buildStages.indexOf('hash') + 1);
    if (!buildDays.includes(today())) return; // built on the day before: the pages carry that day
    const { pages } = session.generation!.state;
    expect(pages.flatMap((page) => page.paths).length).toBe(htmlFiles.length);
    // One page of each route in each language: every template, at a cost of seconds, not the whole render again.
    for (const page of new Map(pages.map((page) => [`${page.route}/${page.locale}`, page])).values()) {
      const rendered = session.pages.render(page);
      for (const path of page.paths)
        expect(rendered.ok && rendered.html, path).toBe(await readFile(join(publicDir, outputFile(path)), 'utf8'));
    }
  });
});
