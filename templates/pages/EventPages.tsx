import { StaticPage } from './StaticPage.tsx';
import { PageFrame } from '../layouts/PageFrame.tsx';
import { CardGrid } from '../components/Cards.tsx';
import { EventCard } from '../components/EventCard.tsx';
import { EventFacts } from '../components/EventFacts.tsx';
import { Prose } from '../components/Prose.tsx';
import { Icon } from '../components/Icon.tsx';
import { EventSignupForm } from '../components/EventSignupForm.tsx';
import { Island } from '../components/Island.tsx';
import { placesTextProps } from '../lib/registration-props.ts';
import { useSite } from '../lib/site.tsx';
import { eventById } from '../lib/lookup.ts';
import { eventSignupState } from '../../shared/event-state.ts';
import type { EventText, Localized } from '../../cli/content/types.ts';
import { calendarPath } from '../../shared/paths.ts';

function useEvent(): Localized<EventText> {
  const { model, page, locale } = useSite();
  // By id: the page reads its own event, not every one before it in the list.
  return eventById(model, page.entity.kind === 'event' ? page.entity.id : NaN)![locale];
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
                <EventCard key={item.nl.data.id} item={item} places />
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

/**
 * The sign-up call of an event, or why there is none (deadline passed, event over), with the
 * places left. Both are islands: the page is built once, and both the calendar and the number of
 * sign-ups move on after that.
 */
function SignUpCall({ event }: { event: EventText }) {
  const site = useSite();
  const { t, href, buildDate } = site;
  const built = eventSignupState(event, buildDate);
  return (
    <div className="signup-call">
      {built !== 'past' && (
        <Island
          name="places-left"
          props={{ eventId: event.id, capacity: event.capacity, text: placesTextProps(site) }}
          load="load"
        />
      )}
      <Island
        name="signup-call"
        props={{
          eventId: event.id,
          start: event.start,
          deadline: event.deadline,
          built,
          href: href('event-signup', { id: event.id, slug: event.slug }),
          text: {
            signUp: t('event.signUp'),
            waitlist: t('event.waitlist'),
            deadlinePassed: t('event.deadlinePassed'),
            eventPast: t('event.eventPast'),
          },
        }}
        load="load"
      />
    </div>
  );
}

export function EventPage() {
  const item = useEvent();
  const { t, href, page } = useSite();
  return (
    <PageFrame
      title={item.data.title}
      description={item.data.summary}
      image={item.data.image}
      fallback={item.fallback}
      parent="events"
    >
      <p className="lead" lang={item.fallback ? 'nl' : undefined}>
        {item.data.summary}
      </p>
      <div className="event-facts">
        <EventFacts event={item.data} />
        <SignUpCall event={item.data} />
      </div>
      <p className="calendar-link">
        {/* download names the file: the calendar app gets it, the browser does not open it as a page. */}
        <a
          href={calendarPath(page.canonical)}
          download={calendarPath(page.canonical).split('/').at(-1)}
          type="text/calendar"
        >
          <Icon name="calendar-plus" size={18} /> {t('event.addToCalendar')}
        </a>
      </p>
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
    <PageFrame
      title={title}
      description={item.data.summary}
      image={item.data.image}
      fallback={item.fallback}
      parent="events"
    >
      <div className="event-facts">
        <EventFacts event={item.data} />
      </div>
      <div className="form-card">
        <EventSignupForm event={item.data} />
      </div>
    </PageFrame>
  );
}
