import type { Locale } from '../../shared/locale.ts';
import type { SiteModel } from '../content/types.ts';
import type { ImageLookup } from '../../shared/images.ts';
import { feedPaths, routePath } from '../../shared/paths.ts';
import type { PageRoute } from '../routes/types.ts';
import { amsterdamInstant } from '../../shared/zoned-time.ts';
import { atom1, rss2, type FeedData, type FeedItem } from './feed-xml.ts';

export interface FeedFile {
  /** Path under public/, e.g. nieuws/rss.xml. */
  file: string;
  contents: string;
}

/** Links and images of an article body point at the site itself: a feed reader has no base URL. */
const absoluteLinks = (html: string, site: string) => html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${site}/`);

/**
 * Each language's news feed as RSS 2.0 and Atom 1.0: its newest `feedItems` articles (site.config.yaml,
 * 20 unless set), newest first, each in full (its summary as description) with its photo. Not
 * every article: a reader fetches the feed at every poll and keeps what it saw, so the newest are
 * what it needs (WordPress and jekyll-feed give 10, Docusaurus 20); at 4,000 articles the whole
 * news was 7.4 MB a file, made again by every build. Articles shown in Dutch on an English page
 * (no translation yet) are left out of the English feed: a feed reader cannot show the notice.
 */
export function renderFeeds(model: SiteModel, pages: readonly PageRoute[], images: ImageLookup): FeedFile[] {
  const { config } = model;
  const absolute = (path: string) => `${config.url}${path === '/' ? '' : path}`;
  const articles = new Map<string, string>();
  for (const page of pages)
    if (page.entity.kind === 'news') articles.set(`${page.locale}:${page.entity.id}`, page.canonical);
  return config.locales.all.flatMap((locale: Locale) => {
    const list = routePath(config, 'news', locale);
    const paths = feedPaths(list);
    const text = model.pages.get('news')?.[locale].data;
    const news = model.news
      .map((item) => item[locale])
      .filter((item) => !item.fallback && articles.has(`${locale}:${item.data.id}`))
      .slice(0, config.feedItems);
    const newest = news
      .map((item) => item.data.date)
      .sort()
      .at(-1);
    const items = news.map(({ data, html }): FeedItem => {
      const photo =
        images[data.image]?.variants.find((variant) => variant.width >= 1024) ?? images[data.image]?.variants.at(-1);
      return {
        title: data.title,
        link: absolute(articles.get(`${locale}:${data.id}`)!),
        date: amsterdamInstant(data.date),
        summary: data.summary,
        content: absoluteLinks(html, config.url),
        ...(data.author ? { author: data.author } : {}),
        ...(photo ? { image: absolute(photo.src) } : {}),
      };
    });
    const feed: FeedData = {
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
      items,
    };
    return [
      { file: paths.rss.slice(1), contents: rss2(feed) },
      { file: paths.atom.slice(1), contents: atom1(feed) },
    ];
  });
}
