import { StaticPage } from './StaticPage.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { CardGrid } from '../components/Cards.tsx';
import { EventCard } from '../components/EventCard.tsx';
import { EventFacts } from '../components/EventFacts.tsx';
import { Prose } from '../components/Prose.tsx';
import { Icon } from '../components/Icon.tsx';
import { EventSignupForm } from '../components/EventSignupForm.tsx';
import { useSite } from '../lib/site.tsx';
import { eventSignupState } from '../lib/event-state.ts';
import type { EventText, Localized } from '../../cli/content/types.ts';

function useEvent(): Localized<EventText> {
  const { model, page, locale } = useSite();
  return model.events.find((e) => page.entity.kind === 'event' && e.nl.data.id === page.entity.id)![locale];
}

export function EventsPage() {
  const { model, t, buildDate } = useSite();
  const upcoming = model.events.filter((item) => item.nl.data.start >= buildDate);
  const past = model.events.filter((item) => item.nl.data.start < buildDate).reverse();
  return (
    <StaticPage>
      <section className="section" aria-labelledby="komend">
        <div className="container">
          <h2 id="komend">{t('event.upcoming')}</h2>
          {upcoming.length ? (
            <CardGrid>
              {upcoming.map((item) => (
                <EventCard key={item.nl.data.id} item={item} />
              ))}
            </CardGrid>
          ) : (
            <p className="notice">{t('event.noUpcoming')}</p>
          )}
        </div>
      </section>
      {past.length > 0 && (
        <section className="section tinted" aria-labelledby="afgelopen">
          <div className="container">
            <h2 id="afgelopen">{t('event.past')}</h2>
            <CardGrid className="past">
              {past.map((item) => (
                <EventCard key={item.nl.data.id} item={item} />
              ))}
            </CardGrid>
          </div>
        </section>
      )}
    </StaticPage>
  );
}

/** The sign-up call of an event, or why there is none (deadline passed, event over). */
function SignUpCall({ event }: { event: EventText }) {
  const { t, href, buildDate } = useSite();
  const state = eventSignupState(event, buildDate);
  if (state !== 'open') {
    return <p className="notice">{t(state === 'past' ? 'event.eventPast' : 'event.deadlinePassed')}</p>;
  }
  return (
    <a className="button" href={href('event-signup', { id: event.id, slug: event.slug })} data-event-signup={event.id}>
      {t('event.signUp')}
      <Icon name="arrow-right" size={18} />
    </a>
  );
}

export function EventPage() {
  const item = useEvent();
  const { t, href } = useSite();
  return (
    <PageFrame title={item.data.title} description={item.data.summary} image={item.data.image} fallback={item.fallback} parent="events">
      <p className="lead" lang={item.fallback ? 'nl' : undefined}>
        {item.data.summary}
      </p>
      <div className="event-facts">
        <EventFacts event={item.data} />
        <SignUpCall event={item.data} />
      </div>
      <Prose html={item.html} lang={item.fallback ? 'nl' : undefined} />
      <p className="article-foot">
        <a className="back-link" href={href('events')}>
          <Icon name="arrow-left" size={18} /> {t('common.backToEvents')}
        </a>
      </p>
    </PageFrame>
  );
}

export function EventSignupPage() {
  const item = useEvent();
  const { t } = useSite();
  const title = t('event.signUpTitle', { name: item.data.title });
  return (
    <PageFrame title={title} description={item.data.summary} image={item.data.image} fallback={item.fallback} parent="events">
      <div className="event-facts">
        <EventFacts event={item.data} />
      </div>
      <div className="form-card">
        <EventSignupForm event={item.data} />
      </div>
    </PageFrame>
  );
}
