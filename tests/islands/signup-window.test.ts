/** A club's sign-up window (spec §4) on any day: the browser re-evaluates it with the visitor's date. */
import { describe, expect, test } from 'vitest';
import { localDate, signupWindow } from '../../shared/signup-window.ts';

// Dates of spec §9: sign-up 4 August to 7 September 2025, lessons from 29 September 2025.
const autumn = { signupStartDate: '2025-08-04', signupEndDate: '2025-09-07', lessonStartDate: '2025-09-29' };
// No start date: open until it ends (sign-up until 1 March, lessons from 31 March 2025).
const spring = { signupEndDate: '2025-03-01', lessonStartDate: '2025-03-31' };

describe('with a start date', () => {
  test.each([
    ['2025-01-10', { state: 'upcoming', opensOn: '2025-08-04' }],
    ['2025-08-03', { state: 'upcoming', opensOn: '2025-08-04' }],
    ['2025-08-04', { state: 'open', until: '2025-09-07' }],
    ['2025-09-07', { state: 'open', until: '2025-09-07' }],
    ['2025-09-08', { state: 'closed', nextLessonStart: '2025-09-29' }],
    ['2025-09-28', { state: 'closed', nextLessonStart: '2025-09-29' }],
    ['2025-09-29', { state: 'closed' }],
    ['2026-11-22', { state: 'closed' }],
  ])('on %s: %o', (today, expected) => {
    expect(signupWindow(autumn, today)).toEqual(expected);
  });
});

describe('without a start date', () => {
  test.each([
    ['2024-12-01', { state: 'open', until: '2025-03-01' }],
    ['2025-03-01', { state: 'open', until: '2025-03-01' }],
    ['2025-03-02', { state: 'closed', nextLessonStart: '2025-03-31' }],
    ['2025-04-01', { state: 'closed' }],
  ])('on %s: %o', (today, expected) => {
    expect(signupWindow(spring, today)).toEqual(expected);
  });
});

test('a timestamp counts as its day', () => {
  expect(signupWindow(autumn, '2025-09-07T23:59:59Z')).toEqual({ state: 'open', until: '2025-09-07' });
});

test.each([
  [new Date(2025, 8, 7, 23, 59), '2025-09-07'],
  [new Date(2025, 0, 1, 0, 0), '2025-01-01'],
  [new Date(2026, 10, 22, 12), '2026-11-22'],
])('the visitor’s calendar day of %s is %s (local, not UTC)', (now, expected) => {
  expect(localDate(now)).toBe(expected);
});
