import { PageFrame } from '../layouts/PageFrame.tsx';
import { Features } from '../components/Features.tsx';
import { Showcase } from '../components/Showcase.tsx';
import { NewsCard } from '../components/NewsCard.tsx';
import { EventCard } from '../components/EventCard.tsx';
import { Packages } from '../components/Packages.tsx';
import { Icon } from '../components/Icon.tsx';
import { usePageText } from '../lib/page-text.ts';
import { useSite } from '../lib/site.tsx';

/**
 * A home page that sells (issue 19): a headline that says what we do, proof in numbers and the
 * way to a club in the hero; the lessons as cards with their price and an action; then the calls
 * (sign-up, camps, academies, jobs) as photo cards, coming events and the latest news.
 */
export function HomePage() {
  const text = usePageText();
  const { model, t, href, buildDate } = useSite();
  const upcoming = model.events.filter((item) => item.nl.data.start >= buildDate).slice(0, 3);
  const actions = (
    <>
      <a className="button button-accent" href={href('clubs')}>
        {t('home.findClub')} <Icon name="arrow-right" size={18} />
      </a>
      <a className="button button-ghost" href="#lessen">
        {t('home.viewLessons')}
      </a>
    </>
  );
  const highlights = [
    t('home.highlights.clubs', { count: model.clubs.length }),
    t('home.highlights.trainers'),
    t('home.highlights.players'),
  ];
  return (
    <PageFrame actions={actions} highlights={highlights}>
      <Packages intro={text.html} />
      <Features sections={text.data.sections.filter((section) => section.cta)} />
      {upcoming.length > 0 && (
        <Showcase
          id="evenementen"
          title={t('event.upcoming')}
          more={{ href: href('events'), label: t('common.viewAll') }}
          tinted
        >
          {upcoming.map((item) => (
            <EventCard key={item.nl.data.id} item={item} />
          ))}
        </Showcase>
      )}
      <Showcase id="nieuws" title={t('news.latest')} more={{ href: href('news'), label: t('news.allNews') }}>
        {model.news.slice(0, 3).map((item) => (
          <NewsCard key={item.nl.data.id} item={item} />
        ))}
      </Showcase>
    </PageFrame>
  );
}
