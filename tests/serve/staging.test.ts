import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHmac } from 'node:crypto';
import { signStagingCookie } from '../../functions/staging/cookie.ts';
import { startFixtureServer, type TestServer } from './helpers/server.ts';

const password = 'gravel-court-2026';
const secret = 'a-staging-secret-of-some-length';
let server: TestServer;
beforeAll(async () => {
  server = await startFixtureServer({ env: { STAGING: '1', STAGING_PASSWORD: password, STAGING_SECRET: secret } });
});
afterAll(() => server.stop());

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

async function login(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/staging-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...headers },
    body: JSON.stringify(body),
  });
}

const future = () => Math.floor(Date.now() / 1000) + 3600;
const cookieFor = (value: string) => `staging-auth=${value}`;

describe('without a staging-auth cookie', () => {
  test.each([
    ['/', '/staging-login'],
    ['/kampen', '/staging-login'],
    ['/nl/kampen', '/staging-login'],
    ['/bestaat-niet', '/staging-login'],
    ['/clinic-25', '/staging-login'],
    ['/en', '/en/staging-login'],
    ['/en/camps', '/en/staging-login'],
  ])('%s redirects to %s', async (path, location) => {
    const response = await get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(location);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  test.each(['/staging-login', '/nl/staging-login', '/en/staging-login'])(
    'the login page %s is served',
    async (path) => {
      expect((await get(path)).status).toBe(200);
    },
  );

  test('the assets the login page needs are served', async () => {
    expect((await get('/assets/site.3f2a1b9c.css')).status).toBe(200);
  });

  test('functions are closed too', async () => {
    const response = await fetch(`${server.url}/mail/send-new`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });
});

describe('logging in', () => {
  test('a wrong password is refused and sets no cookie', async () => {
    const response = await login({ password: 'guess' });
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toEqual({ statusMessage: 'Deze toegangscode klopt niet.', field: 'password' });
  });

  test('the right password sets a signed cookie that opens the site, and the login page then goes home', async () => {
    const response = await login({ password, locale: 'en' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, location: '/en' });
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^staging-auth=v1\.\d+\.[\w-]{43}; Path=\/; Max-Age=604800; SameSite=Lax; HttpOnly$/);
    const cookie = setCookie.split(';')[0] ?? '';
    expect((await get('/kampen', cookie)).status).toBe(200);
    expect((await get('/en/camps', cookie)).status).toBe(200);
    const loginPage = await get('/staging-login', cookie);
    expect(loginPage.status).toBe(302);
    expect(loginPage.headers.get('location')).toBe('/');
    expect((await get('/en/staging-login', cookie)).headers.get('location')).toBe('/en');
    // The guard runs before the redirect map: a signed-in visitor gets the map again.
    expect((await get('/clinic-25', cookie)).headers.get('location')).toBe('/evenementen');
  });

  test('from another origin the login is refused', async () => {
    const response = await login({ password }, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('logging in without JavaScript (a plain form, issue 18)', () => {
  const page = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html', ...headers } });
  const postForm = (fields: Record<string, string>, cookie = '', origin = server.url) =>
    fetch(`${server.url}/api/staging-login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    });
  const cookieOf = (response: Response, name: string) =>
    response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`)) ?? '';

  test('the guard remembers the page asked for, for the login function only', async () => {
    const response = await page('/en/camps?week=2');
    expect(response.headers.get('location')).toBe('/en/staging-login');
    expect(cookieOf(response, 'staging-next')).toBe(
      'staging-next=%2Fen%2Fcamps%3Fweek%3D2; Path=/api/staging-login; Max-Age=3600; SameSite=Lax; HttpOnly',
    );
  });

  test('what a page loads (its icon, a script) is not remembered: it would replace the page', async () => {
    const icon = await fetch(`${server.url}/favicon.svg`, {
      redirect: 'manual',
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(icon.status).toBe(302);
    expect(cookieOf(icon, 'staging-next')).toBe('');
  });

  test.each([
    ['nl', '/staging-login/opnieuw'],
    ['en', '/en/staging-login/retry'],
  ])('a wrong code (%s) goes back to the login page that says so, and sets no login cookie', async (locale, retry) => {
    const response = await postForm({ locale, password: 'guess-again' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(retry);
    expect(cookieOf(response, 'staging-auth')).toBe('');
    // That page opens without a login, like the login page itself.
    expect((await page(retry)).status).toBe(200);
  });

  test('the right code goes to the page asked for, signed in, and forgets it', async () => {
    const asked = cookieOf(await page('/en/camps?week=2'), 'staging-next').split(';')[0]!;
    const response = await postForm({ locale: 'en', password }, asked);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en/camps?week=2');
    expect(cookieOf(response, 'staging-next')).toMatch(/^staging-next=; Path=\/api\/staging-login; Max-Age=0;/);
    const auth = cookieOf(response, 'staging-auth').split(';')[0]!;
    expect((await page('/en/camps?week=2', { cookie: auth })).status).toBe(200);
  });

  test("without a page asked for, the right code goes home in the form's language", async () => {
    const response = await postForm({ locale: 'en', password });
    expect(response.headers.get('location')).toBe('/en');
  });

  test.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/staging-login', '%2F%2Fevil.example'])(
    'a remembered page that would leave the site or loop (%s) goes home instead',
    async (next) => {
      const response = await postForm({ locale: 'nl', password }, `staging-next=${encodeURIComponent(next)}`);
      expect(response.headers.get('location')).toBe('/');
    },
  );

  test('from another site the plain login is refused too: no cookie', async () => {
    const response = await postForm({ locale: 'nl', password }, '', 'https://evil.example');
    expect(response.headers.get('location')).toBe('/niet-verzonden/refused');
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe('cookies that must be refused', () => {
  const refused = async (value: string) => {
    const response = await get('/kampen', cookieFor(value));
    expect(response.status, value).toBe(302);
    expect(response.headers.get('location')).toBe('/staging-login');
  };

  test('a plain value', async () => {
    for (const value of ['1', 'true', 'yes', password]) await refused(value);
  });

  test('a signature made with another key (forged)', async () => {
    await refused(signStagingCookie(Buffer.from('not-the-secret'), future()));
  });

  test('a changed expiry with the old signature (tampered)', async () => {
    const good = signStagingCookie(Buffer.from(secret), future());
    const [, expires, signature] = good.split('.');
    await refused(`v1.${Number(expires) + 86400 * 365}.${signature}`);
    // The untouched cookie does open the site, so the refusal above is about the change.
    expect((await get('/kampen', cookieFor(good))).status).toBe(200);
  });

  test('a changed signature character, anywhere (including the spare bits of the last one)', async () => {
    const good = signStagingCookie(Buffer.from(secret), future());
    for (const index of [good.length - 43, good.length - 20, good.length - 1]) {
      const char = good[index] === 'A' ? 'B' : 'A';
      await refused(good.slice(0, index) + char + good.slice(index + 1));
    }
    const last = good.at(-1) ?? 'A';
    // Same decoded bytes, different text: 'A'..'D' differ only in bits base64url does not use here.
    const sibling = 'AEIMQUYcgkosw048'.includes(last) ? String.fromCharCode(last.charCodeAt(0) + 1) : undefined;
    if (sibling) await refused(good.slice(0, -1) + sibling);
  });

  test('a correctly signed cookie that has expired', async () => {
    await refused(signStagingCookie(Buffer.from(secret), Math.floor(Date.now() / 1000) - 1));
  });

  test('an HMAC over the bare expiry (wrong message format)', async () => {
    const expires = future();
    const signature = createHmac('sha256', secret).update(String(expires)).digest('base64url');
    await refused(`v1.${expires}.${signature}`);
  });
});

describe('settings', () => {
  test('STAGING=1 without a password refuses to start', async () => {
    await expect(startFixtureServer({ env: { STAGING: '1' } })).rejects.toThrow(/STAGING_PASSWORD/);
  });

  test('without STAGING_SECRET the key comes from the password: cookies survive a restart', async () => {
    const first = await startFixtureServer({ env: { STAGING: '1', STAGING_PASSWORD: password } });
    const second = await startFixtureServer({ env: { STAGING: '1', STAGING_PASSWORD: password } });
    try {
      const response = await fetch(`${first.url}/api/staging-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: first.url },
        body: JSON.stringify({ password }),
      });
      const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect((await fetch(`${second.url}/kampen`, { redirect: 'manual', headers: { cookie } })).status).toBe(200);
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});
