import { PageFrame } from '../components/PageFrame.tsx';
import { Sections } from '../components/Sections.tsx';
import { Features } from '../components/Features.tsx';
import { QuickLinks } from '../components/QuickLinks.tsx';
import { Prose } from '../components/Prose.tsx';
import { Showcase } from '../components/Showcase.tsx';
import { NewsCard } from '../components/NewsCard.tsx';
import { EventCard } from '../components/EventCard.tsx';
import { Packages } from '../components/Packages.tsx';
import { Icon } from '../components/Icon.tsx';
import { usePageText } from '../lib/page-text.ts';
import { useSite } from '../lib/site.tsx';

/**
 * Welcome, the lesson offer, the calls (club sign-up, camps, academies, jobs), coming events and
 * the latest news. Sections without a call to action are told in full; those with one are cards.
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
      <a className="button button-ghost" href="#lesaanbod">
        {t('club.offering')}
      </a>
    </>
  );
  return (
    <PageFrame actions={actions}>
      <QuickLinks />
      <div className="section">
        <div className="container">
          <Prose html={text.html} className="measure intro" />
        </div>
      </div>
      <Sections sections={text.data.sections.filter((section) => !section.cta)} />
      <Packages />
      <Features sections={text.data.sections.filter((section) => section.cta)} />
      {upcoming.length > 0 && (
        <Showcase id="evenementen" title={t('event.upcoming')} more={{ href: href('events'), label: t('common.viewAll') }} tinted>
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
