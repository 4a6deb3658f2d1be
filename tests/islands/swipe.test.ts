/** Swiping a toast away: right, 50 px (spec §9). */
import { expect, test } from 'vitest';
import { swipeEnds, swipeOffset } from '../../islands/lib/swipe.ts';

test.each([
  [0, 0, false],
  [49, 49, false],
  [50, 50, true],
  [180, 180, true],
  [-80, 0, false],
])('a move of %i px shows %i px and closes: %s', (delta, shown, closes) => {
  expect(swipeOffset(delta)).toBe(shown);
  expect(swipeEnds(delta)).toBe(closes);
});
