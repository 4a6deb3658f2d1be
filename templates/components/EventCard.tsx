import type { ByLocale, EventText } from '../../cli/content/types.ts';
import { formatDate, formatTime, useSite } from '../lib/site.tsx';
import { Card } from './Cards.tsx';
import { Icon } from './Icon.tsx';

/** An event as a card: its date on the photo, the time and place above the title. */
export function EventCard({ item, level }: { item: ByLocale<EventText>; level?: 2 | 3 }) {
  const { locale, href, model } = useSite();
  const { data: event, fallback } = item[locale];
  const place = 'club' in event.location ? model.clubs.find((club) => club.id === (event.location as { club: number }).club)?.city : event.location.address;
  return (
    <Card
      href={href('event', { id: event.id, slug: event.slug })}
      image={event.image}
      title={event.title}
      level={level}
      lang={fallback ? 'nl' : undefined}
      badge={
        <p className="date-badge" aria-hidden="true">
          <strong>{formatDate(event.start, locale, { day: 'numeric' })}</strong>
          <span>{formatDate(event.start, locale, { month: 'short' })}</span>
        </p>
      }
      meta={
        <>
          <Icon name="calendar" size={16} />
          <time dateTime={event.start}>
            {formatDate(event.start, locale, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' })} · {formatTime(event.start)}
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
    </Card>
  );
}
