import { describe, expect, test } from 'vitest';
import { closest, didYouMean } from '../../cli/source/suggest.ts';

const FIELDS = ['id', 'title', 'slug', 'date', 'image', 'summary', 'author', 'draft'];
const IMAGES = ['court-clay-1', 'court-clay-2', 'court-clay-3', 'youth-group', 'net-closeup', 'camp-summer'];
const ROUTES = ['home', 'camps', 'clubs', 'club', 'contact', 'news', 'news-article', 'lesson-rules'];

describe('closest: the known name a typo meant, or none', () => {
  test.each([
    { value: 'titel', known: FIELDS, expected: 'title' },
    { value: 'auteur', known: FIELDS, expected: 'author' },
    { value: 'imgae', known: FIELDS, expected: 'image' },
    { value: 'Image', known: FIELDS, expected: 'image' },
    { value: 'summery', known: FIELDS, expected: 'summary' },
    { value: 'youth-grop', known: IMAGES, expected: 'youth-group' },
    { value: 'court-clay-9', known: IMAGES, expected: 'court-clay-1' },
    { value: 'camp-sumer', known: IMAGES, expected: 'camp-summer' },
    { value: 'kamps', known: ROUTES, expected: 'camps' },
    { value: 'lesson-rule', known: ROUTES, expected: 'lesson-rules' },
    { value: '21', known: ['1', '12', '20'], expected: '1' },
    // Unrelated words find nothing: a wrong suggestion misleads more than none.
    { value: 'verenigingen', known: ROUTES, expected: undefined },
    { value: 'sunset', known: IMAGES, expected: undefined },
    { value: 'xyz', known: FIELDS, expected: undefined },
    { value: 'ab', known: FIELDS, expected: undefined },
    // The right name needs no suggestion.
    { value: 'title', known: FIELDS, expected: undefined },
    { value: 'anything', known: [], expected: undefined },
  ])('$value among $known.length names -> $expected', ({ value, known, expected }) => {
    expect(closest(value, known)).toBe(expected);
  });

  test('of two equally close names, the first known one', () => {
    expect(closest('court-clay-0', IMAGES)).toBe('court-clay-1');
  });
});

describe('didYouMean: the end of a message', () => {
  test.each([
    { value: 'titel', known: FIELDS, expected: ' (did you mean "title"?)' },
    { value: 'verenigingen', known: ROUTES, expected: '' },
  ])('$value -> "$expected"', ({ value, known, expected }) => {
    expect(didYouMean(value, known)).toBe(expected);
  });
});
