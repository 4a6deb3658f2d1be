/** Avatar fallbacks and sizes (spec §4, §9). */
import { describe, expect, test } from 'vitest';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { avatarFallback, avatarSizes, initials } from '../../islands/lib/initials.ts';

describe('initials', () => {
  test.each([
    ['Sanne de Wit', 'SD'],
    ['Joost van Leeuwen', 'JV'],
    ['Ruben', 'R'],
    ['jan de vries', 'JD'],
    ['  Fleur   Scholten  ', 'FS'],
    ['Émile Zola', 'ÉZ'],
    ['😀 Happy', '😀H'],
    ['', ''],
    ['   ', ''],
    [undefined, ''],
  ])('%j -> %j', (alt, expected) => {
    expect(initials(alt)).toBe(expected);
  });

  test('at most two characters from letters (an emoji is one letter)', () => {
    expect(Array.from(initials('A B C D'))).toHaveLength(2);
  });
});

describe('what an avatar shows', () => {
  test.each([
    [{ src: '/a.webp', failed: false, alt: 'Sanne de Wit' }, 'image'],
    [{ src: '/a.webp', failed: true, alt: 'Sanne de Wit' }, 'text'],
    [{ src: undefined, failed: false, alt: 'Sanne de Wit' }, 'text'],
    [{ src: '/a.webp', failed: true, text: 'BT' }, 'text'],
    [{ src: '/a.webp', failed: true, alt: '' }, 'icon'],
    [{ src: undefined, failed: false }, 'icon'],
    [{ src: '', failed: false, alt: '   ', text: ' ' }, 'icon'],
  ])('%o -> %s', (input, expected) => {
    expect(avatarFallback(input)).toBe(expected);
  });
});

test('sizes in px, md the default', () => {
  expect(avatarSizes).toEqual({ '3xs': 16, '2xs': 20, xs: 24, sm: 28, md: 32, lg: 36, xl: 40, '2xl': 44, '3xl': 48 });
});

test('the stylesheet sizes each avatar class as the table says', async () => {
  const css = await readFile(resolve(import.meta.dirname, '../../templates/styles/islands.css'), 'utf8');
  const classes = Object.fromEntries(
    [...css.matchAll(/\.avatar-([\w]+) \{\s*--avatar: (\d+)px;/g)].map((match) => [match[1], Number(match[2])]),
  );
  expect(classes).toEqual(avatarSizes);
});
