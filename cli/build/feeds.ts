import { Feed } from 'feed';
import type { Locale } from '../../shared/locale.ts';
import type { SiteModel } from '../content/types.ts';
import type { ImageLookup } from '../../shared/images.ts';
import { feedPaths, routePath } from '../../shared/paths.ts';
import type { PageRoute } from '../routes/types.ts';
import { amsterdamInstant } from '../../shared/zoned-time.ts';

export interface FeedFile {
  /** Path under public/, e.g. nieuws/rss.xml. */
  file: string;
  contents: string;
}

/** Links and images of an article body point at the site itself: a feed reader has no base URL. */
const absoluteLinks = (html: string, site: string) => html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${site}/`);

/**
 * The news of each language as RSS 2.0 and Atom 1.0, newest first, each article in full (its
 * summary as description) with its photo. Articles shown in Dutch on an English page (no
 * translation yet) are left out of the English feed: a feed reader cannot show the notice.
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
    const items = model.news
      .map((item) => item[locale])
      .filter((item) => !item.fallback && articles.has(`${locale}:${item.data.id}`));
    const newest = items
      .map((item) => item.data.date)
      .sort()
      .at(-1);
    const feed = new Feed({
      id: absolute(list),
      link: absolute(list),
      title: `${config.name}: ${text?.title ?? 'News'}`,
      ...(text ? { description: text.description } : {}),
      language: locale,
      favicon: absolute('/favicon.svg'),
      copyright: `© ${config.name}`,
      generator: config.name,
      // The newest article's day, not the build's: a rebuild with the same news gives the same feed.
      ...(newest ? { updated: amsterdamInstant(newest) } : {}),
      feedLinks: { rss: absolute(paths.rss), atom: absolute(paths.atom) },
      author: { name: config.name, email: config.officeEmail, link: config.url },
    });
    for (const item of items) {
      const link = absolute(articles.get(`${locale}:${item.data.id}`)!);
      const photo =
        images[item.data.image]?.variants.find((variant) => variant.width >= 1024) ??
        images[item.data.image]?.variants.at(-1);
      feed.addItem({
        title: item.data.title,
        id: link,
        link,
        date: amsterdamInstant(item.data.date),
        description: item.data.summary,
        content: absoluteLinks(item.html, config.url),
        ...(item.data.author ? { author: [{ name: item.data.author }] } : {}),
        ...(photo ? { image: { url: absolute(photo.src), type: 'image/webp' } } : {}),
      });
    }
    return [
      { file: paths.rss.slice(1), contents: feed.rss2() },
      { file: paths.atom.slice(1), contents: feed.atom1() },
    ];
  });
}
