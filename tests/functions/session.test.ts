import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { readSession } from '../../functions/session/verify.ts';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';
import { signUp, startAuthEmulator, type AuthEmulator } from './helpers/firebase-emulator.ts';
import { postJson } from './helpers/post.ts';

let emulator: AuthEmulator;
let server: TestServer;
beforeAll(async () => {
  emulator = await startAuthEmulator();
  server = await startFixtureServer({ env: { FIREBASE_PROJECT_ID: emulator.projectId } });
});
afterAll(async () => {
  await server?.stop();
  await emulator?.stop();
});

const session = (token: string, headers: Record<string, string> = {}) =>
  postJson(server.url, '/api/__session', { token }, headers);
const cookieValue = (setCookie: string | null) => /^__session=([^;]*)/.exec(setCookie ?? '')?.[1];

describe('POST /api/__session against the Auth emulator', () => {
  test('a real ID token sets the __session cookie until the token expires', async () => {
    const user = await signUp(emulator, `anna-${Date.now()}@example.nl`);
    const response = await session(user.idToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedIn: true, uid: user.localId });
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(cookieValue(setCookie)).toBe(user.idToken);
    expect(setCookie).toMatch(/; Path=\/; Max-Age=(3[5-6]\d\d); SameSite=Lax; HttpOnly$/);
    // Plain http on localhost: not Secure, or the browser would drop it.
    expect(setCookie).not.toContain('Secure');

    // The cookie identifies the user to the functions that need one (registrations).
    const request = new Request(`${server.url}/api/registrations`, {
      headers: { cookie: `theme=dark; __session=${user.idToken}` },
    });
    const env = { session: { projectId: emulator.projectId, checkRevoked: true } };
    expect((await readSession(request, env))?.uid).toBe(user.localId);
    expect(await readSession(new Request(server.url), env)).toBeNull();
  });

  test('behind TLS the cookie is Secure', async () => {
    const user = await signUp(emulator, `secure-${Date.now()}@example.nl`);
    const response = await session(user.idToken, {
      'x-forwarded-proto': 'https',
      origin: 'https://www.baselinetennis.nl',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/; HttpOnly; Secure$/);
  });

  test('an empty token signs out: the cookie is cleared', async () => {
    const response = await session('');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedIn: false });
    expect(response.headers.get('set-cookie')).toBe('__session=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly');
  });

  test('a garbage token gets 401 and a cleared cookie', async () => {
    const response = await session('not.a.token');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ field: 'token' });
    expect(response.headers.get('set-cookie')).toMatch(/^__session=; Path=\/; Max-Age=0;/);
  });

  test('a token with a tampered payload gets 401', async () => {
    const user = await signUp(emulator, `tamper-${Date.now()}@example.nl`);
    const [header, payload, signature] = user.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, aud: 'another-project' })).toString('base64url');
    expect((await session(`${header}.${forged}.${signature}`)).status).toBe(401);
  });

  test('an expired token gets 401 (the emulator does not sign tokens, so only the expiry differs)', async () => {
    const user = await signUp(emulator, `expired-${Date.now()}@example.nl`);
    const [header, payload, signature] = user.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, number>;
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = Buffer.from(JSON.stringify({ ...claims, iat: past, auth_time: past, exp: past + 3600 })).toString(
      'base64url',
    );
    const response = await session(`${header}.${expired}.${signature ?? ''}`);
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toMatch(/^__session=; Path=\/; Max-Age=0;/);
    expect(server.logs.some((line) => line.includes('auth/id-token-expired'))).toBe(true);
  });

  test('a disabled user is signed out (revocation is checked)', async () => {
    const user = await signUp(emulator, `disabled-${Date.now()}@example.nl`);
    const admin =
      getApps().find((app) => app.name === 'test-admin') ??
      initializeApp({ projectId: emulator.projectId }, 'test-admin');
    await getAuth(admin).updateUser(user.localId, { disabled: true });
    const response = await session(user.idToken);
    expect(response.status).toBe(401);
    expect(server.logs.some((line) => line.includes('auth/user-disabled'))).toBe(true);
  });

  test('a wrong body names the field; another origin is refused', async () => {
    const wrong = await postJson(server.url, '/api/__session', { idToken: 'x' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ field: 'token' });
    const foreign = await session('', { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('set-cookie')).toBeNull();
  });
});
