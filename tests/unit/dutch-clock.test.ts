import { describe, expect, it } from 'vitest';
import { amsterdamOffsetMinutes } from '../../shared/zoned-time.ts';
import { eventClock } from '../../shared/event-clock.ts';

/** The reference: ICU's Europe/Amsterdam, which the browser islands no longer load (its first use costs 40-150 ms). */
const icu = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', timeZoneName: 'longOffset' });
const icuOffset = (instant: number) => {
  const match = /GMT([+-])(\d\d):(\d\d)/.exec(
    icu.formatToParts(instant).find((part) => part.type === 'timeZoneName')!.value,
  )!;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
};

describe('the Dutch wall clock without Intl', () => {
  it('agrees with ICU every 6 hours from 2015 to 2040', () => {
    const wrong: string[] = [];
    for (let instant = Date.UTC(2015, 0, 1); instant < Date.UTC(2040, 0, 1); instant += 6 * 3_600_000) {
      if (amsterdamOffsetMinutes(instant) !== icuOffset(instant)) wrong.push(new Date(instant).toISOString());
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    // the minutes around each clock change of 2027: 28 March and 31 October, 01:00 UTC
    ['2027-03-28T00:59:59Z', '2027-03-28T01:59'],
    ['2027-03-28T01:00:00Z', '2027-03-28T03:00'],
    ['2027-10-31T00:59:59Z', '2027-10-31T02:59'],
    ['2027-10-31T01:00:00Z', '2027-10-31T02:00'],
    ['2026-12-31T23:30:00Z', '2027-01-01T00:30'],
    ['2027-07-01T21:59:00Z', '2027-07-01T23:59'],
  ])('%s is %s in the Netherlands', (utc, local) => {
    expect(eventClock(new Date(utc))).toBe(local);
  });
});
