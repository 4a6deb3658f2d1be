import { describe, expect, test } from 'vitest';
import { buildRoutes } from '../../cli/routes/routes.ts';
import {
  canonicalUrl,
  fillPattern,
  outputFile,
  pageTitle,
  routePath,
  splitLocale,
  titleFromPath,
} from '../../shared/paths.ts';
import { slugify } from '../../cli/content/slug.ts';
import type { Locale } from '../../shared/locale.ts';
import type { PageRoute } from '../../cli/routes/types.ts';
import { fixtureModel, news, realConfig } from './fixtures/model.ts';
import { failureReasons, formKinds } from '../../functions/form-results.ts';

const config = realConfig();
const pages = buildRoutes(fixtureModel(config));

/**
 * Spec section 2, row by row, written out by hand (not read from site.config.yaml): a config
 * change that breaks a spec path fails here. `{id}-{slug}` is filled with the fixture's items:
 * news 12 (nieuwe-gravelbanen / new-clay-courts), club 7 (tc-een-en-twee), event 4
 * (open-dag-jeugdtennis / youth-tennis-open-day), and a registration shell ([id]).
 */
const specRows: Array<{
  page: string;
  route: string;
  layout: 'default' | 'empty' | 'news';
  nl: string;
  en: string;
  shell?: true;
}> = [
  { page: 'home', route: 'home', layout: 'default', nl: '/', en: '/en' },
  { page: 'login', route: 'login', layout: 'empty', nl: '/login', en: '/en/login' },
  { page: 'camps', route: 'camps', layout: 'default', nl: '/kampen', en: '/en/camps' },
  { page: 'contact', route: 'contact', layout: 'default', nl: '/contact', en: '/en/contact' },
  { page: 'socials', route: 'socials', layout: 'news', nl: '/socials', en: '/en/socials' },
  { page: 'about', route: 'about', layout: 'default', nl: '/over-ons', en: '/en/about-us' },
  { page: 'jobs', route: 'jobs', layout: 'default', nl: '/vacatures', en: '/en/jobs' },
  { page: 'pro academy', route: 'pro-academy', layout: 'default', nl: '/pro-academy', en: '/en/pro-academy' },
  {
    page: 'junior academy',
    route: 'junior-academy',
    layout: 'default',
    nl: '/junior-academy',
    en: '/en/junior-academy',
  },
  {
    page: 'regional tennis',
    route: 'regional-tennis',
    layout: 'default',
    nl: '/regiotennis',
    en: '/en/regional-tennis',
  },
  { page: 'news list', route: 'news', layout: 'default', nl: '/nieuws', en: '/en/news' },
  {
    page: 'news article',
    route: 'news-article',
    layout: 'news',
    nl: '/nieuws/12-nieuwe-gravelbanen',
    en: '/en/news/12-new-clay-courts',
  },
  { page: 'clubs list', route: 'clubs', layout: 'default', nl: '/verenigingen', en: '/en/clubs' },
  {
    page: 'club detail',
    route: 'club',
    layout: 'default',
    nl: '/verenigingen/7-tc-een-en-twee',
    en: '/en/clubs/7-tc-een-en-twee',
  },
  { page: 'staging login', route: 'staging-login', layout: 'empty', nl: '/staging-login', en: '/en/staging-login' },
  { page: 'privacy policy', route: 'privacy-policy', layout: 'news', nl: '/privacy-policy', en: '/en/privacy-policy' },
  { page: 'events list', route: 'events', layout: 'default', nl: '/evenementen', en: '/en/events' },
  {
    page: 'event detail',
    route: 'event',
    layout: 'news',
    nl: '/evenementen/4-open-dag-jeugdtennis',
    en: '/en/events/4-youth-tennis-open-day',
  },
  {
    page: 'registrations list',
    route: 'registrations',
    layout: 'default',
    nl: '/evenementen/inschrijvingen',
    en: '/en/events/registrations',
  },
  {
    page: 'registration detail',
    route: 'registration',
    layout: 'news',
    nl: '/evenementen/inschrijvingen/[id]',
    en: '/en/events/registrations/[id]',
    shell: true,
  },
  {
    page: 'event sign-up',
    route: 'event-signup',
    layout: 'news',
    nl: '/evenementen/4-open-dag-jeugdtennis/inschrijven',
    en: '/en/events/4-youth-tennis-open-day/register',
  },
  // Not rows of section 2 but the spec's footer links: pages of their own, in three variants too.
  {
    page: 'anti-bullying policy (footer)',
    route: 'anti-bullying-policy',
    layout: 'news',
    nl: '/anti-pestbeleid',
    en: '/en/anti-bullying-policy',
  },
  {
    page: 'general terms (footer)',
    route: 'terms',
    layout: 'news',
    nl: '/algemene-voorwaarden',
    en: '/en/terms-and-conditions',
  },
  { page: 'lesson rules (footer)', route: 'lesson-rules', layout: 'news', nl: '/lesregels', en: '/en/lesson-rules' },
  { page: 'search (issue 23)', route: 'search', layout: 'news', nl: '/zoeken', en: '/en/search' },
  // Where a form posted without JavaScript lands (issue 18): one page per form, one per reason.
  {
    page: 'staging login, wrong code',
    route: 'staging-login-failed',
    layout: 'empty',
    nl: '/staging-login/opnieuw',
    en: '/en/staging-login/retry',
  },
  { page: 'a form sent', route: 'form-sent', layout: 'default', nl: '/verzonden/contact', en: '/en/sent/contact' },
  { page: 'a sign-up sent', route: 'form-sent', layout: 'default', nl: '/verzonden/signup', en: '/en/sent/signup' },
  {
    page: 'a form not sent',
    route: 'form-failed',
    layout: 'default',
    nl: '/niet-verzonden/invalid',
    en: '/en/not-sent/invalid',
  },
];

const nlPrefixed = (path: string) => (path === '/' ? '/nl' : `/nl${path}`);

/** Every row in its three variants: Dutch unprefixed, Dutch under /nl, English under /en. */
const variants = specRows.flatMap((row) => [
  { ...row, variant: 'nl (unprefixed)', locale: 'nl' as Locale, path: row.nl, canonical: row.nl },
  { ...row, variant: '/nl', locale: 'nl' as Locale, path: nlPrefixed(row.nl), canonical: row.nl },
  { ...row, variant: '/en', locale: 'en' as Locale, path: row.en, canonical: row.en },
]);

const pagesAt = (path: string): PageRoute[] => pages.filter((page) => page.paths.includes(path));

describe('spec section 2: every row in every variant', () => {
  test.each(variants)('$page, $variant: $path', ({ path, route, locale, layout, canonical, nl, en, shell }) => {
    const found = pagesAt(path);
    expect(found, `exactly one page is written at ${path}`).toHaveLength(1);
    const page = found[0]!;
    expect(page.route).toBe(route);
    expect(page.locale).toBe(locale);
    expect(page.layout).toBe(layout);
    // Both Dutch variants share the unprefixed canonical; English has its own.
    expect(page.canonical).toBe(canonical);
    if (shell) {
      expect(page.shell).toBe(true);
      expect(page.alternates).toBeUndefined();
    } else {
      expect(page.shell).toBe(false);
      expect(page.alternates).toEqual({ nl, en, 'x-default': nl });
    }
  });

  test.each(specRows)('$page: Dutch is written at exactly two paths, English at one', ({ nl, en }) => {
    const [dutch] = pagesAt(nl);
    const [english] = pagesAt(en);
    expect(dutch!.paths).toEqual([nl, nlPrefixed(nl)]);
    expect(english!.paths).toEqual([en]);
    expect(dutch!.key).toBe(english!.key);
  });

  test('every route of site.config.yaml is a row of this table (a new route needs a row)', () => {
    // news-page (the news list from page 2 on) only exists on a site with more articles: below.
    expect(new Set([...specRows.map((row) => row.route), 'news-page'])).toEqual(new Set(Object.keys(config.routes)));
  });
});

describe('buildRoutes on the fixture site', () => {
  test('one page per route and language, per item for collections, plus a shell and status pages', () => {
    const itemRoutes = new Set([
      'news-article',
      'club',
      'event',
      'event-signup',
      'registration',
      'form-sent',
      'form-failed',
    ]);
    const fixed = specRows.filter((row) => !itemRoutes.has(row.route)).length; // the news list included
    const results = formKinds.length + failureReasons.length;
    const perLocale =
      fixed +
      2 /* news */ +
      2 /* clubs */ +
      2 /* event + sign-up */ +
      1 /* registration shell */ +
      results +
      2; /* 404, 500 */
    expect(pages.filter((p) => p.locale === 'nl')).toHaveLength(perLocale);
    expect(pages.filter((p) => p.locale === 'en')).toHaveLength(perLocale);
  });

  test('no two pages share a path', () => {
    const all = pages.flatMap((page) => page.paths);
    expect(new Set(all).size).toBe(all.length);
  });

  test('keys are unique per language and shared by the two languages of one page', () => {
    for (const locale of ['nl', 'en'] as const) {
      const keys = pages.filter((p) => p.locale === locale).map((p) => p.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
    expect(pages.filter((p) => p.key === 'news-article:12').map((p) => p.locale)).toEqual(['nl', 'en']);
  });

  test('an item uses its own slug in each language; a shared slug is shared', () => {
    expect(pagesAt('/en/news/3-trainersdag')[0]?.alternates).toEqual({
      nl: '/nieuws/3-trainersdag',
      en: '/en/news/3-trainersdag',
      'x-default': '/nieuws/3-trainersdag',
    });
    expect(pagesAt('/en/news/12-nieuwe-gravelbanen')).toHaveLength(0);
  });

  test('every club gets a page in three variants', () => {
    for (const path of ['/verenigingen/12-ltc-t-root', '/nl/verenigingen/12-ltc-t-root', '/en/clubs/12-ltc-t-root']) {
      expect(pagesAt(path)[0]?.entity).toEqual({ kind: 'club', id: 12 });
    }
  });

  test('news articles carry their date as lastmod; fixed pages leave it to the build date', () => {
    expect(pagesAt('/nieuws/12-nieuwe-gravelbanen')[0]?.lastmod).toBe('2025-05-01');
    expect(pagesAt('/en/news/12-new-clay-courts')[0]?.lastmod).toBe('2025-05-01');
    expect(pagesAt('/kampen')[0]?.lastmod).toBeUndefined();
  });

  test('404 and 500 per language: shells without alternates, at /404 and /en/404', () => {
    const status = pages
      .filter((p) => p.entity.kind === 'status')
      .map((p) => ({ route: p.route, locale: p.locale, paths: p.paths, shell: p.shell, alternates: p.alternates }));
    expect(status).toEqual([
      { route: 'not-found', locale: 'nl', paths: ['/404'], shell: true, alternates: undefined },
      { route: 'error', locale: 'nl', paths: ['/500'], shell: true, alternates: undefined },
      { route: 'not-found', locale: 'en', paths: ['/en/404'], shell: true, alternates: undefined },
      { route: 'error', locale: 'en', paths: ['/en/500'], shell: true, alternates: undefined },
    ]);
  });

  test('a site without news, clubs or events still has every fixed page and no item pages', () => {
    const empty = buildRoutes(fixtureModel(config, { news: [], clubs: [], events: [] }));
    expect(empty.filter((p) => ['news-article', 'club', 'event', 'event-signup'].includes(p.route))).toEqual([]);
    expect(empty.some((p) => p.paths.includes('/en/news'))).toBe(true);
  });

  test('is pure: the same model gives the same pages', () => {
    expect(buildRoutes(fixtureModel(config))).toEqual(pages);
  });
});

describe('the news list in pages of 12', () => {
  const manyNews = (count: number) =>
    buildRoutes(
      fixtureModel(config, {
        news: Array.from({ length: count }, (_, i) => news(i + 1, { nl: `bericht-${i + 1}`, en: `article-${i + 1}` })),
      }),
    );
  const listPaths = (routes: PageRoute[]) =>
    routes.filter((p) => p.route === 'news' || p.route === 'news-page').flatMap((p) => p.paths);

  test('12 articles: one list page, at the spec path', () => {
    expect(listPaths(manyNews(12))).toEqual(['/nieuws', '/nl/nieuws', '/en/news']);
  });

  test('13 articles: page 2 in three variants, with its own canonical and alternates', () => {
    const routes = manyNews(13);
    expect(listPaths(routes)).toEqual([
      '/nieuws',
      '/nl/nieuws',
      '/en/news',
      '/nieuws/pagina/2',
      '/nl/nieuws/pagina/2',
      '/en/news/page/2',
    ]);
    const second = routes.filter((p) => p.route === 'news-page');
    expect(second.map((p) => [p.locale, p.canonical, p.entity])).toEqual([
      ['nl', '/nieuws/pagina/2', { kind: 'listing', page: 2, pages: 2 }],
      ['en', '/en/news/page/2', { kind: 'listing', page: 2, pages: 2 }],
    ]);
    expect(second[0]!.alternates).toEqual({
      nl: '/nieuws/pagina/2',
      en: '/en/news/page/2',
      'x-default': '/nieuws/pagina/2',
    });
    expect(routes.find((p) => p.route === 'news')!.entity).toEqual({ kind: 'listing', page: 1, pages: 2 });
  });

  test('25 articles: three pages, no /pagina/1', () => {
    const paths = listPaths(manyNews(25));
    expect(paths).toContain('/en/news/page/3');
    expect(paths).not.toContain('/nieuws/pagina/1');
    expect(paths).not.toContain('/nieuws/pagina/4');
  });
});

describe('outputFile: URL path -> file in dist/public', () => {
  test.each([
    ['/', 'index.html'],
    ['/nl', 'nl.html'],
    ['/en', 'en.html'],
    ['/kampen', 'kampen.html'],
    ['/nl/kampen', 'nl/kampen.html'],
    ['/en/camps', 'en/camps.html'],
    ['/nieuws/12-nieuwe-gravelbanen', 'nieuws/12-nieuwe-gravelbanen.html'],
    ['/en/events/4-youth-tennis-open-day/register', 'en/events/4-youth-tennis-open-day/register.html'],
    ['/evenementen/inschrijvingen/[id]', 'evenementen/inschrijvingen/[id].html'],
    ['/404', '404.html'],
    ['/en/404', 'en/404.html'],
  ])('%s -> %s', (path, file) => {
    expect(outputFile(path)).toBe(file);
  });

  test('no two pages of the fixture write the same file', () => {
    const files = pages.flatMap((page) => page.paths.map(outputFile));
    expect(new Set(files).size).toBe(files.length);
  });
});

describe('pageTitle: own title, else the title-cased last segment, else status and message (spec 2)', () => {
  test.each([
    [{ title: 'Kampen', path: '/kampen' }, 'Kampen'],
    [{ title: '  Zomerkamp  ', path: '/kampen' }, 'Zomerkamp'],
    [{ title: '   ', path: '/over-ons' }, 'Over Ons'],
    [{ path: '/over-ons' }, 'Over Ons'],
    [{ path: '/en/about-us' }, 'About Us'],
    [{ path: '/nieuws/12-nieuwe-gravelbanen' }, '12 Nieuwe Gravelbanen'],
    [{ path: '/evenementen/inschrijvingen/' }, 'Inschrijvingen'],
    [{ path: '/pro--academy' }, 'Pro Academy'],
    [{ path: '/' }, 'Home'],
    [{ path: '/nl' }, 'Home'],
    [{ path: '/en' }, 'Home'],
    [{ path: '/gone', status: 404, statusMessage: 'Page Not Found' }, '404 Page Not Found'],
    [{ title: 'Kampen', path: '/kampen', status: 404, statusMessage: 'Page Not Found' }, '404 Page Not Found'],
    [{ path: '/', status: 500, statusMessage: 'Internal Server Error' }, '500 Internal Server Error'],
    [{ path: '/x', status: 500 }, '500'],
    [{ title: 'Kampen', path: '/kampen', status: 200 }, 'Kampen'],
  ] as const)('%o -> %s', (options, title) => {
    expect(pageTitle(options)).toBe(title);
  });

  test('titleFromPath alone', () => {
    expect(titleFromPath('/verenigingen/7-tc-een-en-twee')).toBe('7 Tc Een En Twee');
    expect(titleFromPath('/')).toBe('');
  });
});

describe('canonicalUrl: only whitelisted query parameters, sorted by name (spec 2)', () => {
  const site = 'https://www.baselinetennis.nl';
  test.each([
    ['/nieuws', '', ['page'], `${site}/nieuws`],
    ['/nieuws', '?page=2', ['page'], `${site}/nieuws?page=2`],
    ['/nieuws', 'page=2&utm_source=mail&fbclid=x', ['page'], `${site}/nieuws?page=2`],
    ['/nieuws', 'sort=date&page=2&ref=x', ['page', 'sort'], `${site}/nieuws?page=2&sort=date`],
    ['/nieuws', 'z=1&b=2&a=3', ['a', 'b', 'z'], `${site}/nieuws?a=3&b=2&z=1`],
    ['/nieuws', 'utm_source=mail', ['page'], `${site}/nieuws`],
    ['/nieuws', 'Page=2', ['page'], `${site}/nieuws`],
    ['/nieuws', 'q=gravel banen&page=1', ['q', 'page'], `${site}/nieuws?page=1&q=gravel+banen`],
    ['/en/news', 'page=3', [], `${site}/en/news`],
    ['/', 'page=2', ['page'], `${site}?page=2`],
    ['/', '', ['page'], site],
  ] as const)('%s ? %s with %o -> %s', (path, query, whitelist, url) => {
    expect(canonicalUrl(site, path, query, whitelist)).toBe(url);
  });

  test('takes URLSearchParams too, and keeps repeated values of a whitelisted name in order', () => {
    expect(canonicalUrl(site, '/nieuws', new URLSearchParams('tag=b&x=1&tag=a'), ['tag'])).toBe(
      `${site}/nieuws?tag=b&tag=a`,
    );
  });

  test("the real config's whitelist keeps page and drops tracking parameters", () => {
    expect(canonicalUrl(config.url, '/nieuws', 'utm_campaign=x&page=2', config.canonicalQuery)).toBe(
      'https://www.baselinetennis.nl/nieuws?page=2',
    );
  });
});

describe('splitLocale', () => {
  test.each([
    ['/', { locale: 'nl', prefixed: false, rest: '/' }],
    ['/kampen', { locale: 'nl', prefixed: false, rest: '/kampen' }],
    ['/nl', { locale: 'nl', prefixed: true, rest: '/' }],
    ['/nl/', { locale: 'nl', prefixed: true, rest: '/' }],
    ['/nl/kampen', { locale: 'nl', prefixed: true, rest: '/kampen' }],
    ['/en', { locale: 'en', prefixed: true, rest: '/' }],
    ['/en/camps', { locale: 'en', prefixed: true, rest: '/camps' }],
    ['/en/news/12-new-clay-courts', { locale: 'en', prefixed: true, rest: '/news/12-new-clay-courts' }],
    ['/english', { locale: 'nl', prefixed: false, rest: '/english' }],
    ['/nlx/kampen', { locale: 'nl', prefixed: false, rest: '/nlx/kampen' }],
    ['/kampen/en', { locale: 'nl', prefixed: false, rest: '/kampen/en' }],
  ] as const)('%s', (path, expected) => {
    expect(splitLocale(path)).toEqual(expected);
  });

  test('round-trips with the paths buildRoutes writes', () => {
    for (const page of pages) {
      for (const path of page.paths) expect(splitLocale(path).locale, path).toBe(page.locale);
    }
  });
});

describe('fillPattern and routePath', () => {
  test.each([
    ['/kampen', {}, '/kampen'],
    ['/nieuws/:id-:slug', { id: 12, slug: 'nieuwe-gravelbanen' }, '/nieuws/12-nieuwe-gravelbanen'],
    ['/evenementen/:id-:slug/inschrijven', { id: 4, slug: 'open-dag' }, '/evenementen/4-open-dag/inschrijven'],
    ['/evenementen/inschrijvingen/:id', { id: '[id]' }, '/evenementen/inschrijvingen/[id]'],
    ['/nieuws/:id-:slug', { id: 0, slug: 'x' }, '/nieuws/0-x'],
  ] as const)('%s with %o -> %s', (pattern, params, path) => {
    expect(fillPattern(pattern, params)).toBe(path);
  });

  test.each([
    ['/nieuws/:id-:slug', { id: 12 }, 'route /nieuws/:id-:slug needs :slug'],
    ['/nieuws/:id-:slug', { slug: 'x' }, 'route /nieuws/:id-:slug needs :id'],
    ['/nieuws/:id-:slug', { id: 12, slug: '' }, 'route /nieuws/:id-:slug needs :slug'],
    ['/evenementen/inschrijvingen/:id', {}, 'route /evenementen/inschrijvingen/:id needs :id'],
  ] as const)('%s with %o throws "%s"', (pattern, params, message) => {
    expect(() => fillPattern(pattern, params)).toThrow(message);
  });

  test.each([
    ['home', 'nl', {}, '/'],
    ['home', 'en', {}, '/en'],
    ['camps', 'nl', {}, '/kampen'],
    ['camps', 'en', {}, '/en/camps'],
    ['club', 'nl', { id: 7, slug: 'tc-een-en-twee' }, '/verenigingen/7-tc-een-en-twee'],
    ['club', 'en', { id: 7, slug: 'tc-een-en-twee' }, '/en/clubs/7-tc-een-en-twee'],
  ] as const)('routePath(%s, %s, %o) = %s', (route, locale, params, path) => {
    expect(routePath(config, route, locale, params)).toBe(path);
  });
});

describe('slugify', () => {
  test.each([
    ['Kampen', 'kampen'],
    ['Één dag Tennis & Padel!', 'een-dag-tennis-en-padel'],
    ['Crème brûlée à la française', 'creme-brulee-a-la-francaise'],
    ['Straße', 'strasse'],
    ['Ærø and Œuvre', 'aero-and-oeuvre'],
    ['Øresund', 'oresund'],
    ['Łódź', 'lodz'],
    ['ĳsbaan', 'ijsbaan'],
    ['IJsselstein', 'ijsselstein'],
    ['Ñandú', 'nandu'],
    ["LTC 't Root", 'ltc-t-root'],
    ['Rock’n’roll', 'rocknroll'],
    ['Oma`s dag', 'omas-dag'],
    ['Tennis & Padel', 'tennis-en-padel'],
    ['  --Hallo--  ', 'hallo'],
    ['Zomer 2025 / 2026', 'zomer-2025-2026'],
    ['ﬁnale', 'finale'],
    ['🎾🎾', ''],
    ['🎾 Open dag 🎾', 'open-dag'],
    ['!!!', ''],
    ['', ''],
  ])('%j -> %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  test('is capped at 80 characters without a dangling dash', () => {
    expect(slugify('a'.repeat(100))).toBe('a'.repeat(80));
    const words = slugify('abcd '.repeat(20));
    expect(words).toBe(Array(16).fill('abcd').join('-'));
    expect(words.length).toBe(79);
  });

  test('always gives a valid slug or nothing', () => {
    for (const title of ['Één', 'ß', '&', "'", '—', 'x'.repeat(200), 'A-b_c.d']) {
      expect(slugify(title)).toMatch(/^$|^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});
