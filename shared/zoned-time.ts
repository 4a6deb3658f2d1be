/** 01:00 UTC on the last Sunday of a month (0-based): when the EU's clocks change. */
function lastSundayAtOne(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
}

/**
 * Minutes the Dutch wall clock is ahead of UTC at `instant`: 120 in summer time (the EU's rule
 * since 1996: from the last Sunday of March to the last Sunday of October, 01:00 UTC), else 60.
 * Worked out, not asked of Intl: the first Intl.DateTimeFormat of a page costs a browser 40-150 ms
 * of main thread (its time zone data), which Lighthouse counts as blocking time on every page
 * whose island re-reads an event's state on the visitor's clock.
 */
export function amsterdamOffsetMinutes(instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  return instant >= lastSundayAtOne(year, 2) && instant < lastSundayAtOne(year, 9) ? 120 : 60;
}

/**
 * The instant of a Dutch wall-clock time from content (`2027-03-14T10:00`, or a date `2026-10-02`
 * read as its midnight). The offset is read at the guessed instant, then again at the result,
 * so a time just after a clock change gets the offset in force then.
 */
export function amsterdamInstant(local: string): Date {
  const asUtc = Date.parse(`${local.length === 10 ? `${local}T00:00` : local.slice(0, 16)}:00Z`);
  if (Number.isNaN(asUtc)) throw new Error(`not a local date or time: "${local}"`);
  const first = asUtc - amsterdamOffsetMinutes(asUtc) * 60_000;
  return new Date(asUtc - amsterdamOffsetMinutes(first) * 60_000);
}

// Pages repeat their dates (an article's in its meta tags and its JSON-LD, in both languages):
// remembering the text costs less than working it out again.
const isoByLocal = new Map<string, string>();

/** ISO 8601 with the Dutch offset in force: `2027-03-14T10:00:00+01:00` (schema.org, feeds). */
export function amsterdamIso(local: string): string {
  const known = isoByLocal.get(local);
  if (known !== undefined) return known;
  const instant = amsterdamInstant(local).getTime();
  const minutes = amsterdamOffsetMinutes(instant);
  const wall = new Date(instant + minutes * 60_000).toISOString().slice(0, 19);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const iso = `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  isoByLocal.set(local, iso);
  return iso;
}
