/** The small pure helpers of the registration islands (issue 7). */
import { describe, expect, test } from 'vitest';
import { PROFILE_KEY } from '../../islands/lib/auth/profile.ts';
import { formatEventDate } from '../../shared/event-date.ts';
import { placesText } from '../../islands/lib/places-text.ts';
import { linkFragment, registrationPathPattern } from '../../islands/lib/registration-links.ts';
import { PROFILE_STORAGE_KEY } from '../../islands/lib/signed-in-hint.ts';
import { eventClock, eventStateAt } from '../../shared/event-clock.ts';

test('the signed-in hint reads the key the login island writes', () => {
  expect(PROFILE_STORAGE_KEY).toBe(PROFILE_KEY);
});

describe('registration links', () => {
  const pattern = registrationPathPattern(['/evenementen/inschrijvingen/[id]', '/en/events/registrations/[id]']);
  test.each([
    ['/evenementen/inschrijvingen/Ab_9-x', 'Ab_9-x'],
    ['/nl/evenementen/inschrijvingen/Ab_9-x', 'Ab_9-x'],
    ['/en/events/registrations/Zz1', 'Zz1'],
    ['/evenementen/inschrijvingen', undefined],
    ['/evenementen/inschrijvingen/a/b', undefined],
    ['/en/evenementen/inschrijvingen/a', undefined],
  ])('%s -> %s', (path, id) => {
    expect(pattern.exec(path)?.slice(1).find(Boolean)).toBe(id);
  });
  test('the fragment: token, and the marks of a fresh sign-up or one that existed', () => {
    expect(linkFragment('#token=abc&new=1&mail=0')).toEqual({
      token: 'abc',
      fresh: true,
      mailFailed: true,
      existing: false,
    });
    expect(linkFragment('#token=abc')).toEqual({ token: 'abc', fresh: false, mailFailed: false, existing: false });
    expect(linkFragment('#token=abc&existing=1')).toEqual({
      token: 'abc',
      fresh: false,
      mailFailed: false,
      existing: true,
    });
    expect(linkFragment('')).toEqual({ token: undefined, fresh: false, mailFailed: false, existing: false });
  });
});

test.each([
  [0, 'Vol'],
  [1, 'Nog 1 plek over'],
  [7, '7 plekken over'],
  [-2, 'Vol'],
])('places left %i reads "%s"', (left, text) => {
  expect(placesText(left, { left: '{count} plekken over', one: 'Nog 1 plek over', full: 'Vol' })).toBe(text);
});

test('event dates are shown as written, whatever the zone of the browser', () => {
  expect(formatEventDate('2027-03-14T10:00', 'nl')).toBe('zondag 14 maart 2027, 10:00');
  // ICU versions differ on the comma after the weekday in en-GB.
  expect(formatEventDate('2027-03-14T10:00', 'en', false)).toMatch(/^Sunday,? 14 March 2027$/);
});

describe('the Dutch wall clock decides an event state', () => {
  test.each([
    // Winter (UTC+1) and summer (UTC+2): 22:30 UTC is already the next day in the Netherlands.
    ['2027-01-10T22:30:00Z', '2027-01-10T23:30'],
    ['2027-07-01T22:30:00Z', '2027-07-02T00:30'],
  ])('%s is %s in the Netherlands', (utc, local) => {
    expect(eventClock(new Date(utc))).toBe(local);
  });
  const event = { deadline: '2027-03-10T23:59', start: '2027-03-14T10:00' };
  test.each([
    ['2027-03-10T22:59:00Z', 'open'],
    ['2027-03-10T23:00:00Z', 'deadline-passed'],
    ['2027-03-14T08:59:00Z', 'deadline-passed'],
    ['2027-03-14T09:00:00Z', 'past'],
  ])('at %s the event is %s', (utc, state) => {
    expect(eventStateAt(event, new Date(utc))).toBe(state);
  });
});
