import { EVENT_TIME_ZONE } from './event-clock.ts';

let offsets: Intl.DateTimeFormat | undefined;

/** Minutes the Dutch wall clock is ahead of UTC at `instant` (60 in winter, 120 in summer). */
function offsetMinutes(instant: number): number {
  offsets ??= new Intl.DateTimeFormat('en-GB', { timeZone: EVENT_TIME_ZONE, timeZoneName: 'longOffset' });
  const name = offsets.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d\d):(\d\d)/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/**
 * The instant of a Dutch wall-clock time from content (`2027-03-14T10:00`, or a date `2026-10-02`
 * read as its midnight). The offset is read at the guessed instant, then again at the result,
 * so a time just after a clock change gets the offset in force then.
 */
export function amsterdamInstant(local: string): Date {
  const asUtc = Date.parse(`${local.length === 10 ? `${local}T00:00` : local.slice(0, 16)}:00Z`);
  if (Number.isNaN(asUtc)) throw new Error(`not a local date or time: "${local}"`);
  const first = asUtc - offsetMinutes(asUtc) * 60_000;
  return new Date(asUtc - offsetMinutes(first) * 60_000);
}

/** ISO 8601 with the Dutch offset in force: `2027-03-14T10:00:00+01:00` (schema.org, feeds). */
export function amsterdamIso(local: string): string {
  const instant = amsterdamInstant(local).getTime();
  const minutes = offsetMinutes(instant);
  const wall = new Date(instant + minutes * 60_000).toISOString().slice(0, 19);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
