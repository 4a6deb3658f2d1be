import type { ByLocale, EventText } from '../../cli/content/types.ts';
import { formatDate, formatDateSpan, formatTime, spansDays, useSite } from '../lib/site.tsx';
import { Card } from './Cards.tsx';
import { Icon } from './Icon.tsx';
import { Island } from './Island.tsx';
import { placesTextProps } from '../lib/registration-props.ts';
import { clubById } from '../lib/lookup.ts';

/**
 * An event as a card: its date on the photo, the time and place above the title; with `places`
 * (upcoming events on the events page) the places left, live once the card is near the screen.
 */
export function EventCard({ item, level, places }: { item: ByLocale<EventText>; level?: 2 | 3; places?: boolean }) {
  const site = useSite();
  const { locale, href, model } = site;
  const { data: event, fallback } = item[locale];
  const place = 'club' in event.location ? clubById(model, event.location.club)?.city : event.location.address;
  return (
    <Card
      href={href('event', { id: event.id, slug: event.slug })}
      image={event.image}
      title={event.title}
      level={level}
      lang={fallback ? 'nl' : undefined}
      badge={
        <p className="date-badge" aria-hidden="true">
          <strong>{formatDateSpan(event.start, event.end, locale, { day: 'numeric' })}</strong>
          <span>{formatDate(event.start, locale, { month: 'short' })}</span>
        </p>
      }
      meta={
        <>
          <Icon name="calendar" size={16} />
          <time dateTime={event.start}>
            {formatDateSpan(event.start, event.end, locale, {
              weekday: 'short',
              day: 'numeric',
              month: 'long',
              year: 'numeric',
            })}
            {!spansDays(event) && ` · ${formatTime(event.start)}`}
          </time>
        </>
      }
    >
      <p>{event.summary}</p>
      {place && (
        <p className="card-foot">
          <Icon name="map-pin" size={16} /> {place}
        </p>
      )}
      {places && (
        <p className="card-foot">
          <Icon name="users" size={16} />{' '}
          <Island
            name="places-left"
            props={{ eventId: event.id, capacity: event.capacity, text: placesTextProps(site) }}
            load="visible"
          />
        </p>
      )}
    </Card>
  );
}
