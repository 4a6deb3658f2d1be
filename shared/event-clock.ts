import { eventSignupState, type EventSignupState } from './event-state.ts';
import { amsterdamOffsetMinutes } from './zoned-time.ts';

/**
 * Event times in content are Dutch wall-clock times ("2027-03-14T10:00" is 10:00 in the
 * Netherlands), so "now" must be read on the Dutch wall clock too: on a server in another zone,
 * and in a visitor's browser abroad. Shared by the registration functions and the islands that
 * re-evaluate a built page's sign-up state, so both sides agree to the minute.
 */
export const EVENT_TIME_ZONE = 'Europe/Amsterdam';

/** `YYYY-MM-DDTHH:mm` on the Dutch wall clock at `date`. */
export function eventClock(date: Date = new Date()): string {
  const instant = date.getTime();
  return new Date(instant + amsterdamOffsetMinutes(instant) * 60_000).toISOString().slice(0, 16);
}

/** Whether an event takes sign-ups at `date`: open, deadline passed, or past. */
export function eventStateAt(event: { start: string; deadline: string }, date: Date = new Date()): EventSignupState {
  return eventSignupState(event, eventClock(date));
}

const momentFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "zaterdag 14 maart 2027 om 10:00": a moment (an ISO instant, such as until when a sign-up can
 * be confirmed) on the Dutch wall clock, as the mails and the registration page both say it.
 */
export function formatMoment(iso: string, locale: 'nl' | 'en'): string {
  let format = momentFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', {
      timeZone: EVENT_TIME_ZONE,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    momentFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}
