import type { ByLocale, NewsText } from '../../cli/content/types.ts';
import { formatDate, useSite } from '../lib/site.tsx';
import { Card } from './Cards.tsx';

export function NewsCard({ item, level }: { item: ByLocale<NewsText>; level?: 2 | 3 }) {
  const { locale, href } = useSite();
  const { data: news, fallback } = item[locale];
  return (
    <Card
      href={href('news-article', { id: news.id, slug: news.slug })}
      image={news.image}
      title={news.title}
      level={level}
      lang={fallback ? 'nl' : undefined}
      meta={<time dateTime={news.date}>{formatDate(news.date, locale)}</time>}
    >
      <p>{news.summary}</p>
    </Card>
  );
}
