/** Tooltip timing (spec §9: open delay 700 ms, skip delay 300 ms), on a fake clock. */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { TooltipDelay, tooltipRules } from '../../islands/lib/tooltip-delay.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test('the spec constants', () => {
  expect(tooltipRules).toEqual({ openDelay: 700, skipDelay: 300 });
});

test('a first tooltip waits 700 ms', () => {
  expect(new TooltipDelay().openDelay()).toBe(700);
});

test.each([
  { after: 0, delay: 0 },
  { after: 299, delay: 0 },
  { after: 300, delay: 700 },
  { after: 5000, delay: 700 },
])('another tooltip $after ms after one closed waits $delay ms', ({ after, delay }) => {
  const timing = new TooltipDelay();
  timing.opened();
  timing.closed();
  vi.advanceTimersByTime(after);
  expect(timing.openDelay()).toBe(delay);
});

test('while one is open, the next opens at once; reopening cancels the pending reset', () => {
  const timing = new TooltipDelay();
  timing.opened();
  expect(timing.openDelay()).toBe(0);
  timing.closed();
  vi.advanceTimersByTime(200);
  timing.opened();
  vi.advanceTimersByTime(1000);
  expect(timing.openDelay()).toBe(0);
  timing.closed();
  vi.advanceTimersByTime(300);
  expect(timing.openDelay()).toBe(700);
});
