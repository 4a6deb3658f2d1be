/** After signing in, back to the page the visitor came from: only ever a path on this site. */
import { expect, test } from 'vitest';
import { safeReturnPath } from '../../islands/lib/auth/return-path.ts';

const origin = 'https://www.baselinetennis.nl';
const login = ['/login', '/nl/login', '/en/login'];

test.each([
  ['/kampen', '/kampen'],
  ['/en/events/12-summer-camp', '/en/events/12-summer-camp'],
  ['/nieuws?pagina=2#top', '/nieuws?pagina=2#top'],
  ['/', '/'],
  ['/verenigingen/1-ltc-de-kei', '/verenigingen/1-ltc-de-kei'],
  // Dots are resolved, and stay on the site.
  ['/a/../kampen', '/kampen'],
  // An encoded slash is part of a path on this site, not a host.
  ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
])('%s is a path on this site -> %s', (raw, expected) => {
  expect(safeReturnPath(raw, origin, login)).toBe(expected);
});

test.each([
  ['https://evil.example/', 'an absolute URL elsewhere'],
  ['https://www.baselinetennis.nl/kampen', 'even our own absolute URL (only paths are made by us)'],
  ['//evil.example/login', 'a protocol-relative URL'],
  ['/\\evil.example', 'a backslash, which browsers read as a slash'],
  ['\\\\evil.example', 'two backslashes'],
  ['/\t/evil.example', 'a tab the URL parser would strip into //'],
  ['/\n/evil.example', 'a newline the URL parser would strip into //'],
  ['javascript:alert(1)', 'a script URL'],
  ['data:text/html,hi', 'a data URL'],
  ['kampen', 'a relative path'],
  ['', 'nothing'],
  ['/login', 'the login page itself (a loop)'],
  ['/en/login?next=/kampen', 'the English login page'],
  ['/nl/login/', 'the login page with a trailing slash'],
  [`/${'a'.repeat(3000)}`, 'an absurdly long path'],
])('%s is refused: %s', (raw) => {
  expect(safeReturnPath(raw, origin, login)).toBeUndefined();
});

test('no value at all is no return path', () => {
  expect(safeReturnPath(null, origin)).toBeUndefined();
  expect(safeReturnPath(undefined, origin)).toBeUndefined();
});
