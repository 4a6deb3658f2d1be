import { StaticPage } from './StaticPage.tsx';
import { PageFrame } from '../layouts/PageFrame.tsx';
import { CardGrid } from '../components/Cards.tsx';
import { NewsCard } from '../components/NewsCard.tsx';
import { Prose } from '../components/Prose.tsx';
import { Icon } from '../components/Icon.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { formatDate, useSite } from '../lib/site.tsx';
import { newsOnPage } from '../../shared/listing.ts';
import { newsById } from '../lib/lookup.ts';
import { feedPaths } from '../../shared/paths.ts';

/** The news, newest first, a page at a time. */
export function NewsListPage() {
  const { model, page, t, href } = useSite();
  const feeds = feedPaths(href('news'));
  const listing = page.entity.kind === 'listing' ? page.entity : { page: 1, pages: 1 };
  const items = newsOnPage(model.news, listing.page);
  return (
    <StaticPage>
      <section className="section">
        <div className="container">
          {items.length ? (
            <CardGrid>
              {items.map((item) => (
                <NewsCard key={item.nl.data.id} item={item} level={2} />
              ))}
            </CardGrid>
          ) : (
            <p>{t('news.noArticles')}</p>
          )}
          <Pagination current={listing.page} pages={listing.pages} />
          <p className="feed-links">
            <Icon name="rss" size={18} /> {t('news.follow')}{' '}
            <a href={feeds.rss} type="application/rss+xml">
              RSS
            </a>
            {' · '}
            <a href={feeds.atom} type="application/atom+xml">
              Atom
            </a>
          </p>
        </div>
      </section>
    </StaticPage>
  );
}

export function NewsArticlePage() {
  const { model, page, locale, t, href } = useSite();
  const item = newsById(model, page.entity.kind === 'news' ? page.entity.id : NaN)![locale];
  const news = item.data;
  return (
    <PageFrame title={news.title} description={news.summary} image={news.image} fallback={item.fallback} parent="news">
      <p className="article-meta">
        <span>
          <Icon name="calendar" size={16} /> {t('common.published')}{' '}
          <time dateTime={news.date}>{formatDate(news.date, locale)}</time>
        </span>
        {news.author && (
          <span>
            <Icon name="user" size={16} /> {t('common.author')} {news.author}
          </span>
        )}
      </p>
      <p className="lead" lang={item.fallback ? 'nl' : undefined}>
        {news.summary}
      </p>
      <Prose html={item.html} lang={item.fallback ? 'nl' : undefined} />
      <p className="article-foot">
        <a className="back-link" href={href('news')}>
          <Icon name="arrow-left" size={18} /> {t('common.backToNews')}
        </a>
      </p>
    </PageFrame>
  );
}
