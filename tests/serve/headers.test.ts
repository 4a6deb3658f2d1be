import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { inlineScript } from './helpers/fixture-dist.ts';
import { startFixtureServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.stop());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { redirect: 'manual', headers });

describe('cache headers', () => {
  test.each([
    ['/assets/site.3f2a1b9c.css', 'public, max-age=31536000, immutable'],
    ['/islands/form.9d8e7f6a.js', 'public, max-age=31536000, immutable'],
    ['/images/club-3.640.a1b2c3d4.webp', 'public, max-age=31536000, immutable'],
    ['/', 'public, max-age=0, must-revalidate'],
    ['/en/camps', 'public, max-age=0, must-revalidate'],
    ['/robots.txt', 'public, max-age=0, must-revalidate'],
    ['/evenementen/inschrijvingen/7', 'public, max-age=0, must-revalidate'],
  ])('%s: %s', async (path, expected) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(expected);
    expect(response.headers.get('etag')).toMatch(/^(W\/)?"[\w-]+"$/); // weak when compressed (static-response.ts)
  });

  test('content types', async () => {
    expect((await get('/kampen')).headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await get('/assets/site.3f2a1b9c.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await get('/islands/form.9d8e7f6a.js')).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });
});

describe('security headers', () => {
  const csp = (response: Response) => response.headers.get('content-security-policy') ?? '';

  test.each(['/', '/kampen', '/bestaat-niet', '/clinic-25', '/assets/site.3f2a1b9c.css'])(
    '%s carries them all',
    async (path) => {
      const response = await get(path);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(csp(response)).toContain("frame-ancestors 'none'");
      expect(csp(response)).toContain("default-src 'self'");
      expect(csp(response)).toContain("object-src 'none'");
    },
  );

  test("scripts: our own origin and hashed inline scripts, never 'unsafe-inline'", async () => {
    const policy = csp(await get('/'));
    const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src ')) ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toMatch(/unsafe-eval/); // nothing compiles code: the search is plain script
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  test('a page without inline scripts gets no hashes', async () => {
    const scriptSrc = csp(await get('/kampen'))
      .split('; ')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self'");
  });

  test('no HSTS over plain http', async () => {
    expect((await get('/kampen')).headers.get('strict-transport-security')).toBeNull();
    expect(csp(await get('/kampen'))).not.toContain('upgrade-insecure-requests');
  });

  test('HSTS and upgrade-insecure-requests behind a TLS proxy', async () => {
    const response = await get('/kampen', { 'x-forwarded-proto': 'https' });
    expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(csp(response)).toContain('upgrade-insecure-requests');
  });
});
