/**
 * Issue 23, read back with independent readers from one real build (and a second one that must
 * draw no card): the feeds with rss-parser, every calendar file with node-ical, the JSON-LD against
 * the schema.org vocabulary and Google's required fields, and a crawl of every page's share tags,
 * each og:image a 1200x630 JPEG that exists.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Parser from 'rss-parser';
import ical from 'node-ical';
import sharp from 'sharp';
import { repoRoot, listFiles } from '../build/helpers.ts';
import { runSite, type RunResult } from '../helpers/project-copy.ts';
import { schemaVocabulary } from './schema-org.ts';

let tmp: string;
let first: RunResult;
let second: RunResult;
let publicDir: string;
let pages: Array<{ file: string; html: string }>;
const site = 'https://www.baselinetennis.nl';

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'site-found-'));
  first = await runSite(repoRoot, ['build', '--out', join(tmp, 'one'), '--json']);
  // A new output folder with the caches kept: everything is made again but nothing drawn.
  second = await runSite(repoRoot, ['build', '--out', join(tmp, 'two'), '--json']);
  publicDir = join(tmp, 'one', 'public');
  const files = (await listFiles(publicDir)).filter((file) => file.endsWith('.html') && !file.startsWith('search/'));
  pages = await Promise.all(files.map(async (file) => ({ file, html: await readFile(join(publicDir, file), 'utf8') })));
}, 600_000);

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const result = (run: RunResult) =>
  JSON.parse(run.stdout) as {
    found: {
      feeds: number;
      calendars: number;
      cards: { made: number; cached: number };
      search: { pages: number; languages: string[]; files: number; tokenised: number; kept: number };
    };
  };
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"/>`).exec(html)?.[1];
const publicPath = (url: string) => join(publicDir, decodeURIComponent(new URL(url).pathname));

describe('the build summary', () => {
  test('counts feeds, calendar files, cards and the search index; a second build draws no card and makes the same index', () => {
    expect(first.code, first.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    const one = result(first).found;
    expect(one).toMatchObject({ feeds: 4, calendars: 12, search: { languages: ['en', 'nl'] } });
    expect(one.search.pages).toBeGreaterThan(90);
    const two = result(second).found;
    expect(two.cards).toEqual({ made: 0, cached: one.cards.made + one.cards.cached });
    // Every page read in the first build; the same pages make the same index in the second.
    expect(one.search.tokenised).toBe(one.search.pages);
    expect(two.search).toEqual({ ...one.search, tokenised: two.search.tokenised });
  });
});

describe('news feeds (rss-parser)', () => {
  const parser = new Parser();
  test.each([
    ['nieuws/rss.xml', 'nl'],
    ['nieuws/atom.xml', 'nl'],
    ['en/news/rss.xml', 'en'],
    ['en/news/atom.xml', 'en'],
  ])('%s: every article of its language, newest first, linked, with its text and photo', async (file, locale) => {
    const feed = await parser.parseString(await readFile(join(publicDir, file), 'utf8'));
    expect(feed.title).toBe(locale === 'nl' ? 'Baseline Tennis: Nieuws' : 'Baseline Tennis: News');
    const articles = (await readdir(join(repoRoot, 'content', locale, 'news'))).filter((name) => name.endsWith('.md'));
    expect(feed.items).toHaveLength(articles.length);
    const dates = feed.items.map((item) => Date.parse(item.isoDate!));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const item of feed.items) {
      expect(item.link!.startsWith(`${site}${locale === 'en' ? '/en/news/' : '/nieuws/'}`), item.link).toBe(true);
      expect(existsSync(`${publicPath(item.link!)}.html`), item.link).toBe(true);
      // RSS carries the text in content:encoded, Atom in content.
      const body = (item as { 'content:encoded'?: string })['content:encoded'] ?? item.content!;
      expect(body.length).toBeGreaterThan(200);
      expect(body).not.toMatch(/(href|src)="\/(?!\/)/); // links made absolute for a reader
    }
    if (file.endsWith('rss.xml'))
      for (const item of feed.items)
        expect(existsSync(publicPath(item.enclosure!.url)), item.enclosure!.url).toBe(true);
  });

  test("every page's head names its language's feeds; the news list links them", () => {
    for (const { file, html } of pages) {
      const english = file.startsWith('en/') || file === 'en.html';
      const prefix = english ? '/en/news' : '/nieuws';
      expect(html, file).toContain(
        `<link rel="alternate" type="application/rss+xml" title="Baseline Tennis: ${english ? 'News' : 'Nieuws'} (RSS)" href="${prefix}/rss.xml"/>`,
      );
      expect(html, file).toContain(`type="application/atom+xml"`);
    }
    const list = pages.find((page) => page.file === 'nieuws.html')!.html;
    expect(list).toMatch(/<p class="feed-links">[\s\S]*href="\/nieuws\/rss.xml"[\s\S]*href="\/nieuws\/atom.xml"/);
  });
});

describe('calendar files (node-ical)', () => {
  const wallClock = (date: Date) =>
    new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam', dateStyle: 'short', timeStyle: 'short' })
      .format(date)
      .replace(' ', 'T');

  test('one per event and language, in Europe/Amsterdam, with a UID that the next build keeps', async () => {
    const files = (await listFiles(publicDir)).filter((file) => file.endsWith('.ics'));
    expect(files).toHaveLength(12);
    for (const file of files) {
      const text = await readFile(join(publicDir, file), 'utf8');
      expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Europe\/Amsterdam/);
      const parsed = ical.sync.parseICS(text);
      const events = Object.values(parsed).filter((entry) => entry?.type === 'VEVENT') as ical.VEvent[];
      expect(events, file).toHaveLength(1);
      const event = events[0]!;
      const id = Number(/(\d+)-[^/]+\.ics$/.exec(file)![1]);
      const locale = file.startsWith('en/') ? 'en' : 'nl';
      const source = (await readdir(join(repoRoot, 'content', locale, 'events'))).find((name) =>
        name.startsWith(`${id}-`),
      );
      const content = await readFile(
        join(
          repoRoot,
          'content',
          source ? locale : 'nl',
          'events',
          source ??
            (await readdir(join(repoRoot, 'content', 'nl', 'events'))).find((name) => name.startsWith(`${id}-`))!,
        ),
        'utf8',
      );
      const field = (name: string) => new RegExp(`^${name}: "?([^"\\n]+)"?$`, 'm').exec(content)?.[1];
      const nl = await readFile(
        join(
          repoRoot,
          'content',
          'nl',
          'events',
          (await readdir(join(repoRoot, 'content', 'nl', 'events'))).find((name) => name.startsWith(`${id}-`))!,
        ),
        'utf8',
      );
      const start = /^start: "([^"]+)"$/m.exec(nl)![1];
      const end = /^end: "([^"]+)"$/m.exec(nl)![1];
      // Times as written in content are Dutch wall-clock times: read back in Amsterdam they match.
      expect(wallClock(event.start), file).toBe(start);
      expect(wallClock(event.end!), file).toBe(end);
      expect((event.start as Date & { tz?: string }).tz, file).toBe('Europe/Amsterdam');
      expect(event.uid).toBe(`event-${id}@baselinetennis.nl`);
      expect(event.summary).toBe(field('title'));
      expect(typeof event.url === 'string' ? event.url : (event.url as unknown as { val: string }).val).toBe(
        `${site}/${file.replace(/\.ics$/, '')}`,
      );
      expect(await readFile(join(tmp, 'two', 'public', file), 'utf8')).toBe(text); // same bytes, same UID, next build
    }
  });

  test('the event page links its calendar file as "add to calendar"', () => {
    const page = pages.find((candidate) => candidate.file === 'evenementen/1-open-dag-jeugdtennis.html')!.html;
    expect(page).toMatch(
      /<a href="\/evenementen\/1-open-dag-jeugdtennis\.ics" download="1-open-dag-jeugdtennis.ics" type="text\/calendar">.*Zet in agenda<\/a>/,
    );
    const english = pages.find(
      (candidate) => candidate.file.startsWith('en/events/1-') && !candidate.file.includes('/register'),
    )!;
    expect(english.html).toContain(`href="/${english.file.replace(/\.html$/, '.ics')}"`);
  });

  test("site.json gives the registration mails each event's calendar file", async () => {
    const manifest = JSON.parse(await readFile(join(tmp, 'one', 'site.json'), 'utf8')) as {
      events: Array<{ calendar: { nl: string; en: string } }>;
    };
    for (const event of manifest.events)
      for (const path of Object.values(event.calendar)) expect(existsSync(join(publicDir, path)), path).toBe(true);
  });
});

describe('structured data (JSON-LD)', () => {
  const vocabulary = schemaVocabulary();
  const blocks = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
  const offset = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

  /** Every @type is a schema.org type and every property one that type (or a parent) has. */
  function conforms(node: unknown, path: string): void {
    if (Array.isArray(node)) {
      node.forEach((item, index) => conforms(item, `${path}[${index}]`));
      return;
    }
    if (!node || typeof node !== 'object') return;
    const object = node as Record<string, unknown>;
    const type = object['@type'];
    if (typeof type === 'string') {
      expect(vocabulary.isType(type), `${path}: @type ${type}`).toBe(true);
      for (const key of Object.keys(object).filter((key) => !key.startsWith('@')))
        expect(vocabulary.allows(type, key), `${path}: ${type}.${key}`).toBe(true);
    }
    for (const [key, value] of Object.entries(object)) conforms(value, `${path}.${key}`);
  }

  test('every block on every page is schema.org; each page with a breadcrumb has a BreadcrumbList', () => {
    let count = 0;
    for (const { file, html } of pages) {
      for (const block of blocks(html)) {
        expect(block['@context'], file).toBe('https://schema.org');
        conforms(block, file);
        count++;
      }
      const crumbs = html.includes('class="crumbs"');
      expect(
        blocks(html).some((block) => block['@type'] === 'BreadcrumbList'),
        file,
      ).toBe(crumbs);
    }
    expect(count).toBeGreaterThan(100);
  });

  test('home: the organisation with the office contact and the socials, in both languages', () => {
    for (const file of ['index.html', 'en.html']) {
      const organization = blocks(pages.find((page) => page.file === file)!.html).find(
        (block) => block['@type'] === 'SportsOrganization',
      ) as Record<string, any>;
      expect(organization).toMatchObject({
        name: 'Baseline Tennis',
        url: site,
        email: 'info@baselinetennis.nl',
        telephone: expect.stringMatching(/234 56 78$/),
      });
      expect(organization.address).toMatchObject({
        streetAddress: 'Sportlaan 12',
        postalCode: '3521 AB',
        addressLocality: 'Utrecht',
        addressCountry: 'NL',
      });
      expect(organization.sameAs).toContain('https://www.instagram.com/baselinetennis.nl');
    }
  });

  test("each event page: a SportsEvent with Google's required and recommended fields, dates with their offset", () => {
    const eventPages = pages.filter(
      (page) =>
        /^(en\/events|evenementen)\/\d+-[^/]+\.html$/.test(page.file) &&
        !page.file.includes('inschrijvingen') &&
        !page.file.includes('registrations'),
    );
    expect(eventPages).toHaveLength(12);
    for (const { file, html } of eventPages) {
      const event = blocks(html).find((block) => block['@type'] === 'SportsEvent') as Record<string, any>;
      expect(event, file).toBeDefined();
      expect(event.name && event.startDate && event.location?.address, file).toBeTruthy(); // Google: required
      expect(event.startDate).toMatch(offset);
      expect(event.endDate).toMatch(offset);
      expect(event.eventStatus).toBe('https://schema.org/EventScheduled');
      expect(event.inLanguage).toBe(file.startsWith('en/') ? 'en' : 'nl');
      expect(event.organizer).toMatchObject({ name: 'Baseline Tennis' });
      expect(event.location.address.addressCountry).toBe('NL');
      expect(event.offers).toMatchObject({ priceCurrency: 'EUR' });
      expect(event.offers.price).toMatch(/^\d+\.\d\d$/);
      expect(['https://schema.org/InStock', 'https://schema.org/SoldOut']).toContain(event.offers.availability);
      expect(event.offers.inventoryLevel.value).toBe(event.maximumAttendeeCapacity);
      for (const image of event.image as string[]) expect(existsSync(publicPath(image)), image).toBe(true);
    }
    const open = blocks(
      pages.find((page) => page.file === 'evenementen/2-tennisfunkamp-zomer-2027-ede.html')!.html,
    )[0] as Record<string, any>;
    expect(open).toMatchObject({
      startDate: '2027-07-26T09:30:00+02:00',
      offers: {
        price: '195.00',
        availability: 'https://schema.org/InStock',
        validThrough: '2027-06-30T23:59:00+02:00',
      },
    });
  });

  test("each article: a NewsArticle with Google's recommended fields", () => {
    const articles = pages.filter((page) => /^(en\/news|nieuws)\/\d+-/.test(page.file));
    expect(articles.length).toBeGreaterThanOrEqual(18);
    for (const { file, html } of articles) {
      const article = blocks(html).find((block) => block['@type'] === 'NewsArticle') as Record<string, any>;
      expect(article.headline, file).toBeTruthy();
      expect(article.datePublished).toMatch(offset);
      expect(article.author.name).toBeTruthy();
      expect(article.image.length).toBeGreaterThan(0);
      for (const image of article.image as Array<{ url: string }>)
        expect(existsSync(publicPath(image.url)), image.url).toBe(true);
    }
  });
});

describe('share tags: a crawl of every page', () => {
  test('each page has complete Open Graph and Twitter tags, its og:image a 1200x630 JPEG that exists', async () => {
    const checked = new Map<string, Promise<{ width?: number; height?: number; format?: string }>>();
    for (const { file, html } of pages) {
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      for (const key of [
        'og:title',
        'og:description',
        'og:type',
        'og:image',
        'og:image:alt',
        'og:locale',
        'og:locale:alternate',
        'twitter:card',
        'twitter:image',
      ])
        expect(meta(html, key), `${file} ${key}`).toBeTruthy();
      // og:url is the canonical; a page that is not listed (noindex: a shell, a form's result) has neither.
      expect(meta(html, 'og:url'), file).toBe(canonical);
      expect(meta(html, 'og:image:width')).toBe('1200');
      expect(meta(html, 'og:image:height')).toBe('630');
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect(meta(html, 'og:locale')).toBe(file.startsWith('en/') || file === 'en.html' ? 'en_GB' : 'nl_NL');
      const image = meta(html, 'og:image')!;
      expect(image.startsWith(`${site}/cards/`), image).toBe(true);
      if (!checked.has(image)) checked.set(image, sharp(publicPath(image)).metadata());
    }
    for (const [image, metadata] of checked)
      expect(await metadata, image).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
    expect(checked.size).toBeGreaterThan(100);
  });

  test('an article is an article, in its language, with its date on the card', () => {
    const html = pages.find((page) => page.file === 'en/news/1-spring-lessons-start-on-31-march.html')!.html;
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'article:published_time')).toMatch(/^\d{4}-\d\d-\d\dT00:00:00\+0[12]:00$/);
    expect(meta(html, 'og:image:alt')).toMatch(/^News: Spring lessons start on 31 March \(\d+ \w+ \d{4}\)$/);
  });
});

describe('search index', () => {
  test('one index per language, of the canonical pages only; the second build wrote the same bytes', async () => {
    const folder = (run: string) => join(tmp, run, 'public', 'search');
    const manifests = Object.fromEntries(
      await Promise.all(
        ['en', 'nl'].map(
          async (language) =>
            [
              language,
              JSON.parse(await readFile(join(folder('one'), language, 'index.json'), 'utf8')) as { pages: number },
            ] as const,
        ),
      ),
    );
    expect((await readdir(folder('one'))).sort()).toEqual(['en', 'nl']);
    expect(manifests.en!.pages + manifests.nl!.pages).toBe(result(first).found.search.pages);
    // The records: only pages with a canonical link, at that canonical, in their own language's part.
    const canonicals = new Set(
      pages
        .map(({ html }) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1])
        .filter(Boolean)
        .map((url) => new URL(url!).pathname),
    );
    let indexed = 0;
    for (const language of ['en', 'nl']) {
      const records = join(folder('one'), language, 'pages');
      for (const name of await readdir(records)) {
        const urls = (JSON.parse(await readFile(join(records, name), 'utf8')) as Array<[string]>).map(([url]) => url);
        indexed += urls.length;
        for (const url of urls) {
          expect(canonicals.has(url), url).toBe(true);
          expect(url === '/en' || url.startsWith('/en/'), url).toBe(language === 'en');
        }
      }
    }
    expect(indexed).toBe(result(first).found.search.pages);
    // The same pages in a new output folder: the same files, byte for byte.
    const files = await listFiles(folder('one'));
    expect(files.length).toBe(result(first).found.search.files);
    expect((await listFiles(folder('two'))).sort()).toEqual([...files].sort());
    for (const file of files)
      expect((await readFile(join(folder('two'), file))).equals(await readFile(join(folder('one'), file))), file).toBe(
        true,
      );
  });

  test('the header links the search page; no page but the search page names a script of the search', () => {
    for (const { file, html } of pages) {
      if (html.includes('<header class="site-header"'))
        expect(html, file).toMatch(/<a class="search-link" href="(\/en\/search|\/zoeken)">/);
      expect(html, file).not.toContain('/search/');
    }
    expect(
      pages.find((page) => page.file === 'zoeken.html')!.html.match(/<site-island data-island="site-search"/g),
    ).toHaveLength(1);
  });
});
