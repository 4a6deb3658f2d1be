/** Language rules (spec §2, §9): cookie, detection once, explicit prefixes respected. */
import { describe, expect, test } from 'vitest';
import {
  decideLanguage,
  detectLocale,
  languageCookie,
  localeCookie,
  readLocaleCookie,
} from '../../islands/lib/language.ts';
import { isPrefixed } from '../../shared/locale.ts';

test('the cookie lasts 365 days on path /', () => {
  expect(languageCookie).toEqual({ name: 'i18n_redirected', maxAge: 31_536_000, path: '/' });
  expect(localeCookie('en', false)).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax');
  expect(localeCookie('nl', true)).toBe('i18n_redirected=nl; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
});

test.each([
  [['en-GB', 'en'], 'en'],
  [['nl-BE'], 'nl'],
  [['de-DE', 'en-US'], 'en'],
  [['EN_us'], 'en'],
  [['de-DE', 'fr'], undefined],
  [[], undefined],
])('detectLocale(%j) = %s', (languages, expected) => {
  expect(detectLocale(languages)).toBe(expected);
});

test.each([
  ['a=1; i18n_redirected=en; b=2', 'en'],
  ['i18n_redirected=nl', 'nl'],
  ['i18n_redirected=de', undefined],
  ['other=en', undefined],
  ['', undefined],
])('readLocaleCookie(%j) = %s', (header, expected) => {
  expect(readLocaleCookie(header)).toBe(expected);
});

test.each([
  ['/', false],
  ['/kampen', false],
  ['/nl', true],
  ['/nl/kampen', true],
  ['/en', true],
  ['/en/camps', true],
  ['/english', false],
  ['/nlx', false],
])('isPrefixed(%s) = %s', (path, expected) => {
  expect(isPrefixed(path)).toBe(expected);
});

describe('what a page load does', () => {
  test.each([
    // first visit on a default (unprefixed) address: the browser chooses, once
    {
      pathname: '/',
      pageLocale: 'nl',
      cookie: undefined,
      languages: ['en-GB'],
      expected: { remember: 'en', redirect: 'en' },
    },
    {
      pathname: '/kampen',
      pageLocale: 'nl',
      cookie: undefined,
      languages: ['nl-NL', 'en'],
      expected: { remember: 'nl' },
    },
    { pathname: '/kampen', pageLocale: 'nl', cookie: undefined, languages: ['de-DE'], expected: { remember: 'nl' } },
    // the remembered choice wins over the browser
    { pathname: '/kampen', pageLocale: 'nl', cookie: 'nl', languages: ['en-GB'], expected: {} },
    { pathname: '/kampen', pageLocale: 'nl', cookie: 'en', languages: ['nl-NL'], expected: { redirect: 'en' } },
    // explicit addresses are left alone and record nothing
    { pathname: '/nl/kampen', pageLocale: 'nl', cookie: undefined, languages: ['en-GB'], expected: {} },
    { pathname: '/en/camps', pageLocale: 'en', cookie: 'nl', languages: ['nl-NL'], expected: {} },
    { pathname: '/en', pageLocale: 'en', cookie: undefined, languages: ['nl-NL'], expected: {} },
  ] as const)(
    '$pathname ($pageLocale page), cookie $cookie, browser $languages -> $expected',
    ({ expected, ...input }) => {
      expect(decideLanguage(input)).toEqual(expected);
    },
  );
});
