import { describe, expect, test } from 'vitest';
import { leadCount } from '../../templates/components/Cards.tsx';

describe('leadCount: a grid of three across never ends in a shorter row (issue 19)', () => {
  // cards → lead cards two by two; the rows that gives on a desktop.
  test.each([
    [1, 0, '1'],
    [2, 2, '2'],
    [3, 0, '3'],
    [4, 4, '2, 2'],
    [5, 2, '2, 3'],
    [6, 0, '3, 3'],
    [7, 4, '2, 2, 3'],
    [8, 2, '2, 3, 3'],
    [20, 2, '2, 3, 3, 3, 3, 3, 3'],
  ])('%i cards: %i lead (rows %s)', (cards, lead) => {
    expect(leadCount(cards)).toBe(lead);
  });
});
