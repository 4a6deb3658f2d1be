import { StaticPage } from './StaticPage.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { CardGrid } from '../components/Cards.tsx';
import { NewsCard } from '../components/NewsCard.tsx';
import { Prose } from '../components/Prose.tsx';
import { Icon } from '../components/Icon.tsx';
import { formatDate, useSite } from '../lib/site.tsx';

export function NewsListPage() {
  const { model, t } = useSite();
  return (
    <StaticPage>
      <section className="section">
        <div className="container">
          {model.news.length ? (
            <CardGrid>
              {model.news.map((item) => (
                <NewsCard key={item.nl.data.id} item={item} />
              ))}
            </CardGrid>
          ) : (
            <p>{t('news.noArticles')}</p>
          )}
        </div>
      </section>
    </StaticPage>
  );
}

export function NewsArticlePage() {
  const { model, page, locale, t, href } = useSite();
  const item = model.news.find((n) => page.entity.kind === 'news' && n.nl.data.id === page.entity.id)![locale];
  const news = item.data;
  return (
    <PageFrame title={news.title} description={news.summary} image={news.image} fallback={item.fallback}>
      <p className="article-meta">
        {t('common.published')} <time dateTime={news.date}>{formatDate(news.date, locale)}</time>
        {news.author && ` · ${t('common.author')} ${news.author}`}
      </p>
      <p className="lead">{news.summary}</p>
      <Prose html={item.html} />
      <p>
        <a className="back-link" href={href('news')}>
          <Icon name="arrow-left" size={18} /> {t('common.backToNews')}
        </a>
      </p>
    </PageFrame>
  );
}
