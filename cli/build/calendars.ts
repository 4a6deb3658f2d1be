import ical, { ICalEventStatus } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import type { SiteModel } from '../content/types.ts';
import { calendarPath } from '../../shared/paths.ts';
import type { PageRoute } from '../routes/types.ts';
import { EVENT_TIME_ZONE } from '../../shared/event-clock.ts';
import { eventPlace } from '../../templates/lib/event-place.ts';
import { eventRevision } from './calendar-revisions.ts';

export interface CalendarFile {
  /** Path under public/, beside the event page: evenementen/1-open-dag-jeugdtennis.ics. */
  file: string;
  contents: string;
}

/**
 * ical-generator writes a Date's UTC fields after `TZID=`: a Date whose UTC fields are the Dutch
 * wall-clock time ("2027-03-14T10:00" as written in content) gives DTSTART;TZID=Europe/Amsterdam:
 * 20270314T100000, and the VTIMEZONE tells every calendar what that is in its own zone.
 */
const wallClock = (local: string) => new Date(`${local}:00Z`);

/**
 * One calendar file per event and language (title, summary and page in that language), with the
 * Europe/Amsterdam VTIMEZONE. The UID is the event's id on the site's host, the same in both
 * languages and every build: importing the file again updates the entry instead of adding one.
 * SEQUENCE and DTSTAMP (LAST-MODIFIED too) come from when the event's files last changed
 * (`changed`, cli/build/calendar-revisions.ts): higher and later after an edit, the same bytes
 * without one.
 */
export function renderCalendars(
  model: SiteModel,
  pages: readonly PageRoute[],
  changed: ReadonlyMap<string, number>,
): CalendarFile[] {
  const { config } = model;
  const host = new URL(config.url).hostname.replace(/^www\./, '');
  const canonical = new Map<string, string>();
  for (const page of pages)
    if (page.entity.kind === 'event' && page.route === 'event')
      canonical.set(`${page.locale}:${page.entity.id}`, page.canonical);
  return model.events.flatMap((item) =>
    config.locales.all.flatMap((locale) => {
      const { data } = item[locale];
      const page = canonical.get(`${locale}:${data.id}`);
      if (!page) return []; // a draft: no page, no calendar file
      const url = `${config.url}${page}`;
      const place = eventPlace(data, model.clubs);
      const revision = eventRevision(item, changed);
      const calendar = ical({
        name: data.title,
        prodId: { company: config.name, product: 'site', language: locale.toUpperCase() },
        timezone: { name: null, generator: getVtimezoneComponent },
      });
      calendar.createEvent({
        id: `event-${data.id}@${host}`,
        sequence: revision.sequence,
        stamp: revision.stamp,
        lastModified: revision.stamp,
        start: wallClock(data.start),
        end: wallClock(data.end),
        timezone: EVENT_TIME_ZONE,
        summary: data.title,
        description: `${data.summary}\n\n${url}`,
        location: place.text,
        url,
        status: ICalEventStatus.CONFIRMED,
        organizer: { name: config.name, email: config.officeEmail },
      });
      return [{ file: calendarPath(page).slice(1), contents: calendar.toString() }];
    }),
  );
}
