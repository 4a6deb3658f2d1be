import type { ByLocale, EventText } from '../../cli/content/types.ts';
import { formatDate, formatTime, useSite } from '../lib/site.tsx';
import { Card } from './Cards.tsx';
import { Icon } from './Icon.tsx';

export function EventCard({ item }: { item: ByLocale<EventText> }) {
  const { locale, href } = useSite();
  const event = item[locale].data;
  return (
    <Card
      href={href('event', { id: event.id, slug: event.slug })}
      image={event.image}
      title={event.title}
      meta={
        <>
          <Icon name="calendar" size={16} /> <time dateTime={event.start}>{formatDate(event.start, locale)}</time> · {formatTime(event.start)}
        </>
      }
    >
      <p>{event.summary}</p>
    </Card>
  );
}
