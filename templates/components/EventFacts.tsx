import type { EventText } from '../../cli/content/types.ts';
import { formatDate, formatDateSpan, formatPrice, formatTime, spansDays, useSite } from '../lib/site.tsx';
import { eventPlace } from '../lib/event-place.ts';

/** Date, time, place, audience, price and deadline of an event. */
export function EventFacts({ event }: { event: EventText }) {
  const { model, locale, t } = useSite();
  const place = eventPlace(event, model.clubs).text;
  return (
    <dl className="facts-list">
      <dt>{t('event.date')}</dt>
      <dd>
        <time dateTime={event.start}>
          {formatDateSpan(event.start, event.end, locale, {
            weekday: 'long',
            day: 'numeric',
            month: 'long',
            year: 'numeric',
          })}
        </time>
      </dd>
      <dt>{t('event.time')}</dt>
      <dd>
        {formatTime(event.start)} – {formatTime(event.end)}
        {spansDays(event) && `, ${t('event.everyDay')}`}
      </dd>
      <dt>{t('event.location')}</dt>
      <dd>{place}</dd>
      <dt>{t('event.audience')}</dt>
      <dd>{event.audience}</dd>
      <dt>{t('event.price')}</dt>
      <dd>{event.price === 0 ? t('event.free') : formatPrice(event.price, locale)}</dd>
      <dt>{t('event.capacity')}</dt>
      <dd>{event.capacity}</dd>
      <dt>{t('event.deadline')}</dt>
      <dd>
        {formatDate(event.deadline, locale)} {formatTime(event.deadline)}
      </dd>
    </dl>
  );
}
