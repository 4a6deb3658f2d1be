import { describe, expect, test } from 'vitest';
import { CLOCK_STEP_MS, settled } from '../../cli/build/file-settled.ts';

/** cli/build/file-settled.ts: a file's print stands for its bytes only once its last change is a clock step old. */
describe('settled', () => {
  const now = 1_700_000_000_000;
  test.each([
    ['changed now', now, false],
    ['changed in the future (a clock set back)', now + 60_000, false],
    ['changed just inside the step', now - CLOCK_STEP_MS + 1, false],
    ['changed exactly a step ago', now - CLOCK_STEP_MS, false],
    ['changed just over a step ago', now - CLOCK_STEP_MS - 1, true],
    ['changed an hour ago', now - 3_600_000, true],
  ])('%s', (_, changedMs, expected) => {
    expect(settled(changedMs, now)).toBe(expected);
  });
});
