import { createHash } from 'node:crypto';
import type { Locale } from '../../shared/locale.ts';
import type { SiteModel } from '../content/types.ts';
import type { ImageLookup } from '../../shared/images.ts';
import { feedPaths, routePath } from '../../shared/paths.ts';
import type { PageRoute } from '../routes/types.ts';
import { amsterdamInstant } from '../../shared/zoned-time.ts';
import { atom1, rss2, type FeedHead, type FeedItem } from './feed-xml.ts';

export interface FeedFile {
  /** Path under public/, e.g. nieuws/rss.xml. */
  file: string;
  contents: string;
}

/**
 * One article of a feed. Its item is made only when asked (a build takes the XML of an unchanged
 * article from ./feed-cache.ts); `digest` names everything the item is made of.
 */
export interface NewsItem {
  digest: string;
  hasContent: boolean;
  item: () => FeedItem;
}

/** One language's news feed: where its two files go, the feed's own fields and its articles. */
export interface NewsFeed {
  paths: { rss: string; atom: string };
  head: FeedHead;
  items: NewsItem[];
}

/** Links and images of an article body point at the site itself: a feed reader has no base URL. */
const absoluteLinks = (html: string, site: string) => html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${site}/`);

/**
 * The news of each language, newest first, each article in full (its summary as description)
 * with its photo. Articles shown in Dutch on an English page (no translation yet) are left out of
 * the English feed: a feed reader cannot show the notice.
 */
export function newsFeeds(model: SiteModel, pages: readonly PageRoute[], images: ImageLookup): NewsFeed[] {
  const { config } = model;
  const absolute = (path: string) => `${config.url}${path === '/' ? '' : path}`;
  const articles = new Map<string, string>();
  for (const page of pages)
    if (page.entity.kind === 'news') articles.set(`${page.locale}:${page.entity.id}`, page.canonical);
  return config.locales.all.map((locale: Locale) => {
    const list = routePath(config, 'news', locale);
    const paths = feedPaths(list);
    const text = model.pages.get('news')?.[locale].data;
    const news = model.news
      .map((item) => item[locale])
      .filter((item) => !item.fallback && articles.has(`${locale}:${item.data.id}`));
    const newest = news
      .map((item) => item.data.date)
      .sort()
      .at(-1);
    const items = news.map(({ data, html }): NewsItem => {
      const photo =
        images[data.image]?.variants.find((variant) => variant.width >= 1024) ?? images[data.image]?.variants.at(-1);
      const link = absolute(articles.get(`${locale}:${data.id}`)!);
      const image = photo ? absolute(photo.src) : undefined;
      const made = [data.title, link, data.date, data.summary, data.author ?? null, image ?? null, config.url];
      let item: FeedItem | undefined;
      return {
        digest: createHash('sha1').update(JSON.stringify(made)).update(html).digest('base64url'),
        hasContent: html !== '',
        item: () =>
          (item ??= {
            title: data.title,
            link,
            date: amsterdamInstant(data.date),
            summary: data.summary,
            content: absoluteLinks(html, config.url),
            ...(data.author ? { author: data.author } : {}),
            ...(image ? { image } : {}),
          }),
      };
    });
    const head = {
      link: absolute(list),
      title: `${config.name}: ${text?.title ?? 'News'}`,
      ...(text ? { description: text.description } : {}),
      language: locale,
      favicon: absolute('/favicon.svg'),
      rights: `© ${config.name}`,
      generator: config.name,
      // The newest article's day, not the build's: a rebuild with the same news gives the same feed.
      updated: newest ? amsterdamInstant(newest) : new Date(),
      self: { rss: absolute(paths.rss), atom: absolute(paths.atom) },
      author: { name: config.name, ...(config.officeEmail ? { email: config.officeEmail } : {}), link: config.url },
    };
    return { paths, head, items };
  });
}

/** Each language's news feed as RSS 2.0 and Atom 1.0, whole (for site dev; a build uses ./feed-cache.ts). */
export function renderFeeds(model: SiteModel, pages: readonly PageRoute[], images: ImageLookup): FeedFile[] {
  return newsFeeds(model, pages, images).flatMap(({ paths, head, items }) => {
    const feed = { ...head, items: items.map((entry) => entry.item()) };
    return [
      { file: paths.rss.slice(1), contents: rss2(feed) },
      { file: paths.atom.slice(1), contents: atom1(feed) },
    ];
  });
}
