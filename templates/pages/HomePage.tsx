import { PageFrame } from '../components/PageFrame.tsx';
import { Sections } from '../components/Sections.tsx';
import { Prose } from '../components/Prose.tsx';
import { CardGrid } from '../components/Cards.tsx';
import { NewsCard } from '../components/NewsCard.tsx';
import { EventCard } from '../components/EventCard.tsx';
import { Packages } from '../components/Packages.tsx';
import { usePageText } from '../lib/page-text.ts';
import { useSite } from '../lib/site.tsx';

/** Welcome, the lesson offer, the club sign-up and job calls, latest news and coming events. */
export function HomePage() {
  const text = usePageText();
  const { model, t, href, buildDate } = useSite();
  const upcoming = model.events.filter((item) => item.nl.data.start >= buildDate).slice(0, 3);
  return (
    <PageFrame>
      <div className="container narrow">
        <Prose html={text.html} className="intro" />
      </div>
      <Sections sections={text.data.sections} />
      <Packages />
      <section className="section tinted">
        <div className="container">
          <div className="section-heading">
            <h2>{t('news.latest')}</h2>
            <a href={href('news')}>{t('news.allNews')}</a>
          </div>
          <CardGrid>
            {model.news.slice(0, 3).map((item) => (
              <NewsCard key={item.nl.data.id} item={item} />
            ))}
          </CardGrid>
        </div>
      </section>
      {upcoming.length > 0 && (
        <section className="section">
          <div className="container">
            <div className="section-heading">
              <h2>{t('event.upcoming')}</h2>
              <a href={href('events')}>{t('common.viewAll')}</a>
            </div>
            <CardGrid>
              {upcoming.map((item) => (
                <EventCard key={item.nl.data.id} item={item} />
              ))}
            </CardGrid>
          </div>
        </section>
      )}
    </PageFrame>
  );
}
