/**
 * Issue 17, item 1: the return path after signing in is decided on the normalised URL, so no
 * spelling of another host gets through (`/login?next=%2F.%2F%2Fevil.example%2Fphish` sent a
 * visitor to http://evil.example/phish). The same table runs in Chromium in
 * tests/auth/navigation.browser.test.ts.
 */
import { expect, test } from 'vitest';
import { safeReturnPath } from '../../shared/return-path.ts';
import { offSiteReturnPaths, onSiteReturnPaths } from './redirect-tricks.ts';

const origin = 'https://www.baselinetennis.nl';
const login = ['/login', '/nl/login', '/en/login'];

test.each(onSiteReturnPaths)('%j is a path on this site -> %s', (raw, expected) => {
  expect(safeReturnPath(raw, origin, login)).toBe(expected);
});

test.each(offSiteReturnPaths)('%j is refused: %s', (raw) => {
  expect(safeReturnPath(raw, origin, login)).toBeUndefined();
});

test('whatever is returned is a path the browser resolves on this site', () => {
  for (const [raw] of [...offSiteReturnPaths, ...onSiteReturnPaths]) {
    const path = safeReturnPath(raw, origin, login);
    if (path !== undefined) expect(new URL(path, `${origin}/en/login`).origin, raw).toBe(origin);
  }
});

test.each([
  ['/login', 'the login page itself (a loop)'],
  ['/en/login?next=/kampen', 'the English login page'],
  ['/nl/login/', 'the login page with a trailing slash'],
  ['/login.html', 'the login page as a file name'],
  ['/%6Cogin', 'the login page with an encoded letter'],
  ['kampen', 'a path relative to the login page'],
  ['', 'nothing'],
  [`/${'a'.repeat(3000)}`, 'an absurdly long path'],
])('%j is no place to return to: %s', (raw) => {
  expect(safeReturnPath(raw, origin, login)).toBeUndefined();
});

test('no value at all is no return path', () => {
  expect(safeReturnPath(null, origin)).toBeUndefined();
  expect(safeReturnPath(undefined, origin)).toBeUndefined();
});
