/**
 * The news feeds (cli/build/feeds.ts) hold the newest `feedItems` articles of their language
 * (site.config.yaml, 20 unless set), not every article: a reader fetches the feed at every poll.
 */
import { describe, expect, test } from 'vitest';
import Parser from 'rss-parser';
import { renderFeeds } from '../../cli/build/feeds.ts';
import type { SiteModel } from '../../cli/content/types.ts';
import type { PageRoute } from '../../cli/routes/types.ts';
import { configSchema } from '../../shared/config.ts';

const site = 'https://club.example';

/** Articles 1..count, the highest id the newest (the model's order: newest first); `untranslated`: ids shown in Dutch on English pages. */
function feeds(count: number, feedItems: number | undefined, untranslated: number[] = []) {
  const ids = Array.from({ length: count }, (_, at) => count - at);
  const text = (id: number, locale: string, fallback: boolean) => ({
    data: {
      id,
      title: `${locale} ${id}`,
      date: `2026-01-${String(id).padStart(2, '0')}`,
      summary: `Samenvatting ${id}`,
      image: 'none',
    },
    html: `<p>Artikel ${id}</p>`,
    fallback,
  });
  const model = {
    config: {
      name: 'Club',
      url: site,
      officeEmail: 'info@club.example',
      locales: { default: 'nl', all: ['nl', 'en'] },
      routes: { news: { nl: '/nieuws', en: '/news', layout: 'default' } },
      // Not set: the schema's default.
      feedItems: feedItems ?? configSchema.shape.feedItems.parse(undefined),
    },
    pages: new Map(),
    news: ids.map((id) => ({ nl: text(id, 'nl', false), en: text(id, 'en', untranslated.includes(id)) })),
  };
  const pages = ids.flatMap((id) =>
    ['nl', 'en'].map((locale) => ({
      canonical: `${locale === 'en' ? '/en/news' : '/nieuws'}/${id}`,
      locale,
      entity: { kind: 'news', id },
    })),
  ) as unknown as PageRoute[];
  return renderFeeds(model as unknown as SiteModel, pages, {});
}

const parser = new Parser();
const links = async (contents: string) => (await parser.parseString(contents)).items.map((item) => item.link);

describe('news feeds', () => {
  test('hold the newest feedItems articles of their language, newest first, in RSS and Atom', async () => {
    const files = feeds(8, 3, [7]);
    expect(files.map((file) => file.file)).toEqual([
      'nieuws/rss.xml',
      'nieuws/atom.xml',
      'en/news/rss.xml',
      'en/news/atom.xml',
    ]);
    for (const file of files.slice(0, 2))
      expect(await links(file.contents)).toEqual([8, 7, 6].map((id) => `${site}/nieuws/${id}`));
    // Article 7 is not translated: the English feed's three are the newest English ones.
    for (const file of files.slice(2))
      expect(await links(file.contents)).toEqual([8, 6, 5].map((id) => `${site}/en/news/${id}`));
  });

  test('hold every article when there are fewer; 20 unless site.config.yaml says otherwise', async () => {
    expect(await links(feeds(2, 5)[0]!.contents)).toEqual([`${site}/nieuws/2`, `${site}/nieuws/1`]);
    expect(await links(feeds(25, undefined)[1]!.contents)).toHaveLength(20);
  });
});
