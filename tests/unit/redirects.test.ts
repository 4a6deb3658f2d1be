import { describe, expect, test } from 'vitest';
import { buildRedirects } from '../../cli/routes/redirects.ts';
import { buildRoutes } from '../../cli/routes/routes.ts';
import { findCollisions } from '../../cli/routes/collisions.ts';
import { orderRedirects } from '../../cli/build/redirect-files.ts';
import { createRedirectMatcher } from '../../functions/redirects.ts';
import { describePage } from '../../cli/build/describe-page.ts';
import type { PageRoute, Redirect } from '../../cli/routes/types.ts';
import { club, fixtureModel, news, realConfig } from './fixtures/model.ts';

const config = realConfig();
const model = fixtureModel(config);
const redirects = buildRedirects(model);
const pages = buildRoutes(model);
const pagePaths = new Set(pages.flatMap((page) => page.paths));

const sortRules = (rules: Array<[string, string]>) => [...rules].sort(([a], [b]) => a.localeCompare(b));
const rulesTo = (fragment: string) =>
  sortRules(redirects.filter((r) => r.to.includes(fragment)).map((r) => [r.from, r.to] as [string, string]));

/** How a host should read the map: exact rules first, then `*` prefixes in the order given. */
function resolve(rules: Redirect[], path: string): string | undefined {
  const exact = rules.find((r) => !r.from.endsWith('*') && r.from === path);
  if (exact) return exact.to;
  return rules.find((r) => r.from.endsWith('*') && path.startsWith(r.from.slice(0, -1)))?.to;
}

describe('club redirects (DESIGN.md: name slug, id only, wrong slug, wpPath)', () => {
  test('club 7: every rule, in all three variants', () => {
    const canonical = {
      nl: '/verenigingen/7-tc-een-en-twee',
      nlp: '/nl/verenigingen/7-tc-een-en-twee',
      en: '/en/clubs/7-tc-een-en-twee',
    };
    expect(rulesTo('7-tc-een-en-twee')).toEqual(
      sortRules([
        // /verenigingen/{name-slug}: the landing path of spec 2
        ['/verenigingen/tc-een-en-twee', canonical.nl],
        ['/nl/verenigingen/tc-een-en-twee', canonical.nlp],
        ['/en/clubs/tc-een-en-twee', canonical.en],
        // slug optional: id only
        ['/verenigingen/7', canonical.nl],
        ['/nl/verenigingen/7', canonical.nlp],
        ['/en/clubs/7', canonical.en],
        // any other slug
        ['/verenigingen/7-*', canonical.nl],
        ['/nl/verenigingen/7-*', canonical.nlp],
        ['/en/clubs/7-*', canonical.en],
        // the old WordPress page, with and without its trailing slash
        ['/tc-een-en-twee', canonical.nl],
        ['/tc-een-en-twee/', canonical.nl],
      ]),
    );
  });

  test('a nested wpPath keeps its folders', () => {
    expect(resolve(redirects, '/tennis/ltc-t-root/')).toBe('/verenigingen/12-ltc-t-root');
    expect(resolve(redirects, '/tennis/ltc-t-root')).toBe('/verenigingen/12-ltc-t-root');
  });

  test.each([
    ['/verenigingen/7-tc-een-twee', '/verenigingen/7-tc-een-en-twee'],
    ['/nl/verenigingen/7-oude-naam', '/nl/verenigingen/7-tc-een-en-twee'],
    ['/en/clubs/7-x', '/en/clubs/7-tc-een-en-twee'],
    ['/en/clubs/12-old-name', '/en/clubs/12-ltc-t-root'],
    ['/verenigingen/ltc-t-root', '/verenigingen/12-ltc-t-root'],
  ])('a visitor at %s ends at %s', (from, to) => {
    expect(resolve(orderRedirects(redirects), from)).toBe(to);
  });

  test('id 1 and id 12 do not catch each other', () => {
    const both = fixtureModel(config, {
      clubs: [club(1, 'Een', 'een', '/een/'), club(12, 'Twaalf', 'twaalf', '/twaalf/')],
    });
    const rules = orderRedirects(buildRedirects(both));
    expect(resolve(rules, '/verenigingen/12-oud')).toBe('/verenigingen/12-twaalf');
    expect(resolve(rules, '/verenigingen/1-oud')).toBe('/verenigingen/1-een');
    expect(resolve(rules, '/verenigingen/1')).toBe('/verenigingen/1-een');
    expect(resolve(rules, '/verenigingen/123')).toBeUndefined();
  });
});

describe('news and event redirects: id only and wrong slug, per language slug', () => {
  test('news 12 (different slugs in nl and en)', () => {
    expect(
      sortRules(
        redirects.filter((r) => r.from.includes('/12') && /nieuws|news/.test(r.from)).map((r) => [r.from, r.to]),
      ),
    ).toEqual(
      sortRules([
        ['/nieuws/12', '/nieuws/12-nieuwe-gravelbanen'],
        ['/nl/nieuws/12', '/nl/nieuws/12-nieuwe-gravelbanen'],
        ['/en/news/12', '/en/news/12-new-clay-courts'],
        ['/nieuws/12-*', '/nieuws/12-nieuwe-gravelbanen'],
        ['/nl/nieuws/12-*', '/nl/nieuws/12-nieuwe-gravelbanen'],
        ['/en/news/12-*', '/en/news/12-new-clay-courts'],
      ]),
    );
  });

  test('event 4, and its sign-up page (issue 18)', () => {
    expect(rulesTo('/4-')).toEqual(
      sortRules([
        ['/evenementen/4', '/evenementen/4-open-dag-jeugdtennis'],
        ['/nl/evenementen/4', '/nl/evenementen/4-open-dag-jeugdtennis'],
        ['/en/events/4', '/en/events/4-youth-tennis-open-day'],
        ['/evenementen/4-*', '/evenementen/4-open-dag-jeugdtennis'],
        ['/nl/evenementen/4-*', '/nl/evenementen/4-open-dag-jeugdtennis'],
        ['/en/events/4-*', '/en/events/4-youth-tennis-open-day'],
        // The sign-up's id-only paths; a wrong slug before it is the event's rule, which keeps the rest.
        ['/evenementen/4/inschrijven', '/evenementen/4-open-dag-jeugdtennis/inschrijven'],
        ['/nl/evenementen/4/inschrijven', '/nl/evenementen/4-open-dag-jeugdtennis/inschrijven'],
        ['/en/events/4/register', '/en/events/4-youth-tennis-open-day/register'],
      ]),
    );
  });

  test.each([
    ['/evenementen/4/inschrijven', '/evenementen/4-open-dag-jeugdtennis/inschrijven'],
    ['/nl/evenementen/4/inschrijven', '/nl/evenementen/4-open-dag-jeugdtennis/inschrijven'],
    ['/en/events/4/register', '/en/events/4-youth-tennis-open-day/register'],
    ['/evenementen/4-oude-naam/inschrijven', '/evenementen/4-open-dag-jeugdtennis/inschrijven'],
    ['/nl/evenementen/4-x/inschrijven', '/nl/evenementen/4-open-dag-jeugdtennis/inschrijven'],
    ['/en/events/4-open-dag-jeugdtennis/register', '/en/events/4-youth-tennis-open-day/register'],
    ['/evenementen/4-oude-naam', '/evenementen/4-open-dag-jeugdtennis'],
  ])('a sign-up URL goes where the event URL goes: %s -> %s', (from, to) => {
    const matcher = createRedirectMatcher(redirects);
    expect(matcher.exact(from)?.to ?? matcher.prefix(from)?.to).toBe(to);
    expect(pagePaths.has(to), to).toBe(true);
  });

  test.each([
    ['/en/news/12-nieuwe-gravelbanen', '/en/news/12-new-clay-courts'],
    ['/nieuws/12-new-clay-courts', '/nieuws/12-nieuwe-gravelbanen'],
    ['/en/events/4-open-dag-jeugdtennis', '/en/events/4-youth-tennis-open-day'],
    ['/nieuws/3', '/nieuws/3-trainersdag'],
  ])('a Dutch slug under /en (or the other way round) is repaired: %s -> %s', (from, to) => {
    expect(resolve(orderRedirects(redirects), from)).toBe(to);
  });

  test('every wrong-slug rule also matches its own target: a host must try pages before `*` rules', () => {
    // Documents the contract of the map (see the report on Firebase, which applies redirects first).
    for (const rule of redirects.filter((r) => r.from.endsWith('*'))) {
      expect(rule.to.startsWith(rule.from.slice(0, -1)), rule.from).toBe(true);
      expect(pagePaths.has(rule.to), rule.to).toBe(true);
    }
  });
});

/**
 * The legacy paths of spec section 2, by the name the spec gives them, with their key in
 * site.config.yaml. The last one, sitemap.xml, is a real file of the build: tested on its own.
 */
const specLegacy: Array<[spec: string, keys: string[]]> = [
  ['principles', ['principles']],
  ['clinic-25', ['clinic-25']],
  ['videos-yourtennis', ['videos-yourtennis']],
  ['lesthemas', ['lesthemas']],
  ['bieb', ['bieb']],
  ['bundeling1', ['bundeling1']],
  ['bundeling-groep', ['bundeling-groep']],
  ['junior and pro lesson dates 2024', ['lesdata-junior-academy-2024', 'lesdata-pro-academy-2024']],
  ['injury protocol', ['blessureprotocol']],
  ['my invoice', ['mijn-factuur']],
  ['clothing (two pages)', ['kleding', 'kleding-bestellen']],
  ['materials', ['materialen']],
  ['onboarding', ['onboarding']],
  ['expense declaration', ['declaratie']],
  ['hours and kilometre declarations', ['uren-declaratie', 'kilometer-declaratie']],
  ['BBQ sign-up', ['bbq-inschrijving']],
  ['trainer job page', ['trainer-vacature']],
  ['travel supervision protocol', ['protocol-reisbegeleiding']],
  ['balls', ['ballen']],
  ['vacancy', ['vacature']],
  ['contract', ['contract']],
  ['contract training', ['contract-training']],
  ['club wiki', ['club-wiki']],
  [
    'several winter-2024 club pages',
    ['winter-2024-ltc-de-kei', 'winter-2024-tc-de-bongerd', 'winter-2024-tv-breukelen'],
  ],
];

describe('legacy paths of the spec: under /, /nl and /en, never a 404', () => {
  const legacyRules = specLegacy.flatMap(([spec, keys]) =>
    keys.flatMap((key) => ['', '/nl', '/en'].map((prefix) => ({ spec, from: `${prefix}/${key}`, prefix }))),
  );

  test.each(legacyRules)('$spec: $from', ({ from, prefix }) => {
    const to = resolve(redirects, from);
    expect(to, `${from} is redirected`).toBeDefined();
    // The target is a page of the site in the visitor's language variant.
    expect(pagePaths.has(to!), `${from} -> ${to} is a page`).toBe(true);
    if (prefix === '/en') expect(to).toMatch(/^\/en(\/|$)/);
    else if (prefix === '/nl') expect(to).toMatch(/^\/nl(\/|$)/);
    else expect(to).not.toMatch(/^\/(nl|en)(\/|$)/);
  });

  test('every legacy entry of site.config.yaml is a spec path (no stray entries)', () => {
    expect(new Set(Object.keys(config.legacy))).toEqual(
      new Set([...specLegacy.flatMap(([, keys]) => keys), 'sitemap.xml']),
    );
  });

  test('sitemap.xml: /nl and /en lead to the real file; the root one is the file, not a redirect', () => {
    expect(resolve(redirects, '/nl/sitemap.xml')).toBe('/sitemap.xml');
    expect(resolve(redirects, '/en/sitemap.xml')).toBe('/sitemap.xml');
    expect(redirects.filter((r) => r.from === '/sitemap.xml')).toEqual([]);
  });

  test.each([
    ['/clinic-25', '/evenementen'],
    ['/nl/clinic-25', '/nl/evenementen'],
    ['/en/clinic-25', '/en/events'],
    ['/principles', '/over-ons'],
    ['/en/principles', '/en/about-us'],
    ['/videos-yourtennis', '/'],
    ['/nl/videos-yourtennis', '/nl'],
    ['/en/videos-yourtennis', '/en'],
    ['/lesdata-pro-academy-2024', '/pro-academy'],
    ['/en/blessureprotocol', '/en/lesson-rules'],
  ])('%s -> %s', (from, to) => {
    expect(resolve(redirects, from)).toBe(to);
  });

  test('a target that is a path or a URL is the same for all three variants', () => {
    const custom = { ...config, legacy: { padel: 'https://www.houseofpadel.nl', campagne: '/kampen' } };
    const rules = buildRedirects(fixtureModel(custom)).filter((r) => /padel|campagne/.test(r.from));
    expect(sortRules(rules.map((r) => [r.from, r.to]))).toEqual(
      sortRules([
        ['/padel', 'https://www.houseofpadel.nl'],
        ['/nl/padel', 'https://www.houseofpadel.nl'],
        ['/en/padel', 'https://www.houseofpadel.nl'],
        ['/campagne', '/kampen'],
        ['/nl/campagne', '/kampen'],
        ['/en/campagne', '/kampen'],
      ]),
    );
  });
});

describe('the map as a whole', () => {
  test('every rule is a permanent redirect to a page of the site, the sitemap or an external URL', () => {
    for (const rule of redirects) {
      expect(rule.status, rule.from).toBe(301);
      expect(
        pagePaths.has(rule.to) || rule.to === '/sitemap.xml' || /^https:\/\//.test(rule.to),
        `${rule.from} -> ${rule.to}`,
      ).toBe(true);
      expect(rule.from, 'no rule leads to itself').not.toBe(rule.to);
    }
  });

  test('no rule starts at a page and no path is redirected twice', () => {
    const froms = redirects.map((r) => r.from);
    expect(froms.filter((from) => pagePaths.has(from))).toEqual([]);
    expect(new Set(froms).size).toBe(froms.length);
    expect(findCollisions(pages, redirects, (page) => page.key)).toEqual([]);
  });

  test('has the expected size: 11 per club, 6 per news article, 9 per event (3 for its sign-up), 3 per legacy path (2 for sitemap.xml)', () => {
    expect(redirects).toHaveLength(11 * 2 + 6 * 2 + 9 * 1 + 3 * Object.keys(config.legacy).length - 1);
  });
});

describe('the prefix matcher keeps what follows the wrong slug', () => {
  const matcher = createRedirectMatcher([
    { from: '/nieuws/12-*', to: '/nieuws/12-nieuw-seizoen', status: 301 },
    { from: '/oud-*', to: '/kampen?bron=oud', status: 301 },
  ]);
  test.each([
    ['/nieuws/12-oud', '/nieuws/12-nieuw-seizoen'],
    ['/nieuws/12-oud/', '/nieuws/12-nieuw-seizoen'],
    ['/nieuws/12-oud/reacties', '/nieuws/12-nieuw-seizoen/reacties'],
    ['/nieuws/12-oud/a/b', '/nieuws/12-nieuw-seizoen/a/b'],
    // The right slug with a path below it that has no page: no redirect to itself, so a 404.
    ['/nieuws/12-nieuw-seizoen/reacties', undefined],
    ['/nieuws/12-nieuw-seizoen', undefined],
    // A target with a query takes nothing along: the rest cannot go after its query.
    ['/oud-x/y', '/kampen?bron=oud'],
  ])('%s -> %s', (from, to) => {
    expect(matcher.prefix(from)?.to).toBe(to);
  });
});

describe('orderRedirects', () => {
  const rule = (from: string): Redirect => ({ from, to: '/', status: 301 });

  test('exact rules first in their order, then prefixes longest first', () => {
    const ordered = orderRedirects(['/a-*', '/x', '/nieuws/12-*', '/y', '/en/news/1-*', '/nieuws/1-*'].map(rule));
    expect(ordered.map((r) => r.from)).toEqual(['/x', '/y', '/nieuws/12-*', '/en/news/1-*', '/nieuws/1-*', '/a-*']);
  });

  test('a longer prefix wins over a shorter one that also matches', () => {
    const rules = orderRedirects([
      { from: '/oud/*', to: '/', status: 301 },
      { from: '/oud/nieuws/*', to: '/nieuws', status: 301 },
    ]);
    expect(resolve(rules, '/oud/nieuws/12')).toBe('/nieuws');
    expect(resolve(rules, '/oud/iets')).toBe('/');
  });

  test('keeps every rule and does not change the input', () => {
    const input = ['/b-*', '/a', '/c-*'].map(rule);
    const copy = structuredClone(input);
    expect(orderRedirects(input)).toHaveLength(3);
    expect(input).toEqual(copy);
  });
});

describe('findCollisions', () => {
  const page = (key: string, paths: string[]): PageRoute => ({
    key,
    route: 'camps',
    locale: 'nl',
    layout: 'default',
    entity: { kind: 'static' },
    paths,
    canonical: paths[0]!,
    shell: false,
  });
  const files: Record<string, string> = { a: 'content/nl/pages/camps.md', b: 'content/nl/news/4-kampen.md' };
  const describe_ = (p: PageRoute) => files[p.key]!;

  test('two pages writing the same path: one error naming both files', () => {
    const problems = findCollisions([page('a', ['/kampen', '/nl/kampen']), page('b', ['/kampen'])], [], describe_);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'ROUTE_COLLISION',
      severity: 'error',
      message: '/kampen is produced by content/nl/pages/camps.md and by content/nl/news/4-kampen.md.',
      location: { file: 'content/nl/news/4-kampen.md' },
    });
  });

  test('paths differing only in case collide (case-insensitive file systems)', () => {
    const problems = findCollisions([page('a', ['/kampen']), page('b', ['/Kampen'])], [], describe_);
    expect(problems.map((p) => p.message)).toEqual([
      '/Kampen is produced by content/nl/pages/camps.md and by content/nl/news/4-kampen.md.',
    ]);
  });

  test('a redirect hiding a page', () => {
    const problems = findCollisions(
      [page('a', ['/kampen'])],
      [{ from: '/kampen', to: '/evenementen', status: 301 }],
      describe_,
    );
    expect(problems.map((p) => [p.code, p.message])).toEqual([
      ['ROUTE_COLLISION', '/kampen is produced by content/nl/pages/camps.md and by a redirect to /evenementen.'],
    ]);
  });

  test('one path redirected to two places; the same rule twice is fine', () => {
    const problems = findCollisions(
      [],
      [
        { from: '/oud', to: '/a', status: 301 },
        { from: '/oud', to: '/a', status: 301 },
        { from: '/oud', to: '/b', status: 301 },
      ],
      describe_,
    );
    expect(problems.map((p) => p.message)).toEqual(['/oud is produced by a redirect to /a and by a redirect to /b.']);
  });

  test("a club named after another club's page: its name-slug redirect would hide that page", () => {
    const clash = fixtureModel(config, {
      clubs: [
        club(7, 'TC Één & Twee', 'tc-een-en-twee', '/a/'),
        club(9, '7 TC Een en Twee', '7-tc-een-en-twee', '/b/'),
      ],
    });
    const clashPages = buildRoutes(clash);
    const problems = findCollisions(clashPages, buildRedirects(clash), (p) => describePage(clash, p));
    // One mistake (club 9's name), one error: naming both clubs and every path they share.
    expect(problems.map((p) => p.message)).toEqual([
      '/verenigingen/7-tc-een-en-twee (and /nl/verenigingen/7-tc-een-en-twee, /en/clubs/7-tc-een-en-twee) is produced by ' +
        'content/data/clubs.yaml (club 7 "TC Één & Twee") and by content/data/clubs.yaml (club 9 "7 TC Een en Twee", a redirect to /verenigingen/9-7-tc-een-en-twee).',
    ]);
    expect(problems[0]!.location).toEqual({ file: 'content/data/clubs.yaml', line: 1 });
  });

  test("a club's old WordPress path that is also a legacy path with another target", () => {
    const clash = fixtureModel(config, { clubs: [club(7, 'TC Één & Twee', 'tc-een-en-twee', '/clinic-25/')] });
    const problems = findCollisions(buildRoutes(clash), orderRedirects(buildRedirects(clash)), (p) => p.key);
    expect(problems.map((p) => p.message)).toEqual([
      '/clinic-25 is produced by content/data/clubs.yaml (club 7 "TC Één & Twee", a redirect to /verenigingen/7-tc-een-en-twee) and by site.config.yaml (legacy path /clinic-25, a redirect to /evenementen).',
    ]);
    // The content side is the one an editor is likely to change.
    expect(problems[0]!.location?.file).toBe('content/data/clubs.yaml');
  });

  test('two news articles with the same id would write the same page in every variant', () => {
    const twice = fixtureModel(config, {
      news: [news(5, { nl: 'a', en: 'a' }), news(5, { nl: 'a', en: 'a' })],
      events: [],
      clubs: [],
    });
    const problems = findCollisions(buildRoutes(twice), [], (p) => p.key);
    expect(problems.map((p) => p.message)).toEqual([
      '/nieuws/5-a (and /nl/nieuws/5-a, /en/news/5-a) is produced by news-article:5 and by news-article:5.',
    ]);
  });
});
