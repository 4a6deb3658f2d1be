/**
 * Issue 23 under `site dev`: what a build makes to be found and shared works while editing too,
 * made when first asked for: each page's social card (og:image), the news feeds, the events'
 * calendar files, and the search (its page finds an article in a real browser), in both languages.
 */
import { readdir, rename, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import Parser from 'rss-parser';
import ical from 'node-ical';
import sharp from 'sharp';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import type { ProjectCopy } from './helpers/project.ts';
import type { DevProcess } from './helpers/dev-process.ts';
import { devOnCopy } from './helpers/dev-on-copy.ts';

let project: ProjectCopy;
let dev: DevProcess;

devOnCopy((copy, started) => {
  project = copy;
  dev = started;
});

const get = (path: string) => fetch(new URL(path, dev.url));
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"/>`).exec(html)?.[1];

describe('site dev makes what a build makes to be found and shared', () => {
  test.each(['/nieuws/1-voorjaarslessen-starten-op-31-maart', '/en/events', '/'])(
    '%s: its og:image is a 1200x630 JPEG',
    async (path) => {
      const html = await (await get(path)).text();
      const image = new URL(meta(html, 'og:image')!);
      const response = await get(image.pathname);
      expect(response.status, image.pathname).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({
        width: 1200,
        height: 630,
        format: 'jpeg',
      });
    },
  );

  test('a card no page of this version names is not found', async () => {
    expect((await get('/cards/nieuws.AAAAAAAAAAAAAAAA.jpg')).status).toBe(404);
  });

  test.each(['/nieuws/rss.xml', '/en/news/atom.xml'])(
    '%s: the feed of the news list it is linked from',
    async (path) => {
      const list = await (await get(path.replace(/\/(rss|atom)\.xml$/, ''))).text();
      expect(list).toContain(`href="${path}"`);
      const response = await get(path);
      expect(response.status).toBe(200);
      const feed = await new Parser().parseString(await response.text());
      expect(feed.items.length).toBeGreaterThan(5);
    },
  );

  test('an event page links its calendar file, a calendar with the event', async () => {
    const html = await (await get('/evenementen/1-open-dag-jeugdtennis')).text();
    const link = /<a href="([^"]+\.ics)"/.exec(html)![1]!;
    const response = await get(link);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const events = Object.values(ical.sync.parseICS(await response.text())).filter(
      (entry) => entry?.type === 'VEVENT',
    ) as ical.VEvent[];
    expect(events.map((event) => event.uid)).toEqual(['event-1@baselinetennis.nl']);
  });

  test('an edit of an event shows in its calendar file at once, as an update (a later DTSTAMP, a higher SEQUENCE)', async () => {
    const read = async () => {
      const text = await (await get('/evenementen/1-open-dag-jeugdtennis.ics')).text();
      const event = Object.values(ical.sync.parseICS(text)).find((entry) => entry?.type === 'VEVENT') as ical.VEvent;
      return { text, sequence: Number(event.sequence), stamp: event.dtstamp.getTime() };
    };
    const before = await read();
    const file = `content/nl/events/${(await readdir(join(project.root, 'content/nl/events'))).find((name) => name.startsWith('1-'))}`;
    // Dated an hour on (SEQUENCE counts minutes; the copy was written moments ago), and moved into
    // place whole: site dev never sees the new text with the old date.
    const later = new Date(before.stamp + 3_600_000);
    const draft = join(project.root, 'edited.tmp');
    await writeFile(
      draft,
      (await project.read(file)).replace('start: "2027-03-14T10:00"', 'start: "2027-03-14T10:30"'),
    );
    await utimes(draft, later, later);
    await rename(draft, join(project.root, file));
    await expect
      .poll(async () => (await read()).text, { timeout: 30_000 })
      .toMatch(/DTSTART;TZID=Europe\/Amsterdam:20270314T103000/);
    const after = await read();
    expect(after.stamp).toBe(later.getTime());
    expect(after.sequence).toBe(before.sequence + 60);
  });

  test.runIf(browserAvailable('tests/dev/found.test.ts'))(
    'the search page finds an article, in each language',
    async () => {
      const browser = await launchBrowser();
      try {
        for (const { locale, path, word, article } of [
          {
            locale: 'nl-NL',
            path: '/zoeken',
            word: 'voorjaarslessen',
            article: '/nieuws/1-voorjaarslessen-starten-op-31-maart',
          },
          {
            locale: 'en-GB',
            path: '/en/search',
            word: 'spring',
            article: '/en/news/1-spring-lessons-start-on-31-march',
          },
        ]) {
          const page = await (await browser.newContext({ locale })).newPage();
          await page.goto(new URL(`${path}?q=${word}`, dev.url).href);
          await expect
            .poll(async () => (await page.locator('.search-status').textContent()) ?? '', { timeout: 60_000 })
            .toContain(`“${word}”`);
          const found = await page
            .locator('.search-results li > a')
            .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
          expect(found, locale).toContain(article);
        }
      } finally {
        await browser.close();
      }
    },
    120_000,
  );
});
