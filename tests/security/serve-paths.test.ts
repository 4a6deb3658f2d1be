/**
 * Issue 17, items 7, 8 and 11: paths that sent `site serve` elsewhere, crashed it, or showed a
 * stranger the site on staging. Sent over raw sockets (fetch would clean the paths up first).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { matchPattern } from '../../functions/router.ts';
import { rawGet, rawRequest } from '../serve/helpers/raw-http.ts';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';

let server: TestServer;
let staging: TestServer;
beforeAll(async () => {
  [server, staging] = await Promise.all([
    startFixtureServer({ env: { SITE_RATE_LIMIT: '0' } }),
    startFixtureServer({ env: { STAGING: '1', STAGING_PASSWORD: 'a-long-password' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), staging?.stop()]);
});

/** Where a browser would go with this Location, from a page of the server. */
const destination = (location: string) => new URL(location, 'http://127.0.0.1:8080/somewhere').host;

describe('item 7: no path redirects off the site', () => {
  test.each([
    '/.//evil.example/',
    '/.//evil.example',
    '/.//evil.example/phish.html',
    '/a/..//evil.example/',
    '/%2e//evil.example/',
    '/./\\evil.example/',
    '/.\\/evil.example/',
    '/\\/evil.example/',
    '/%2E%2E//evil.example/',
  ])('%s', async (target) => {
    const answer = await rawGet(server.url, target);
    if (answer.headers.location !== undefined)
      expect(destination(answer.headers.location), answer.headers.location).toBe('127.0.0.1:8080');
    expect(answer.status).toBe(400);
  });

  test('a real trailing slash still redirects to its page', async () => {
    const answer = await rawGet(server.url, '/kampen/');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/kampen');
  });
});

describe('item 8: a parameter that does not decode is not a crash', () => {
  test.each([
    ['GET', '/api/registrations/%25E0', 404],
    ['GET', '/api/registrations/%25', 404],
    ['POST', '/api/registrations/%25E0/cancel', 404],
    ['GET', '/evenementen/inschrijvingen/%25E0', 200],
    ['GET', '/en/events/registrations/%25E0%25A4', 200],
    ['GET', '/api/registrations/%E0', 400],
    ['GET', '/evenementen/inschrijvingen/%E0', 400],
  ])('%s %s -> %i', async (method, target, status) => {
    const body = method === 'POST' ? '{}' : '';
    const head = `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const answer = await rawRequest(server.url, head, body);
    expect(answer.status).toBe(status);
    expect(answer.body).not.toMatch(/URIError|\n\s+at /);
  });

  test.each([
    ['/api/registrations/:id', '/api/registrations/%E0', undefined],
    ['/api/registrations/:id', '/api/registrations/%25E0', { id: '%E0' }],
    ['/api/registrations/:id/cancel', '/api/registrations/%2541/cancel', { id: '%41' }],
  ])('%s matches %s once decoded: %j', (pattern, path, params) => {
    expect(matchPattern(pattern, path)).toEqual(params);
  });

  test('nothing was logged as a server error', () => {
    expect(server.logs.filter((line) => /^error |failed: /.test(line))).toEqual([]);
  });
});

describe('item 11: on staging a stranger sees the login, never the site', () => {
  test.each(['/assets/nope.css', '/images/nope.webp', '/islands/nope.js', '/assets/', '/images/a/b/c'])(
    '%s goes to the staging login',
    async (target) => {
      const answer = await rawGet(staging.url, target);
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe('/staging-login');
      expect(answer.body).not.toContain('Pagina niet gevonden');
    },
  );

  test('an English path goes to the English staging login', async () => {
    const answer = await rawGet(staging.url, '/en/nope');
    expect(answer.headers.location).toBe('/en/staging-login');
  });

  test("the login page's own files are still served to strangers", async () => {
    const css = await rawGet(staging.url, '/assets/site.3f2a1b9c.css');
    expect(css.status).toBe(200);
    expect(css.body).toContain('font-family');
    expect(css.headers['cache-control']).toBe('private, no-cache');
  });

  test('a post to an asset path is refused, not served', async () => {
    const answer = await rawRequest(
      staging.url,
      'POST /assets/site.3f2a1b9c.css HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(401);
  });
});
