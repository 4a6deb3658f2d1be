/** GET /api/__session against the Auth emulator: whom the cookie names, for pages without Firebase. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';
import { signUp, startAuthEmulator, type AuthEmulator } from '../functions/helpers/firebase-emulator.ts';

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

const state = (cookie?: string) => fetch(`${server.url}/api/__session`, { headers: cookie ? { cookie } : {} });

test('a valid cookie: signed in, with the uid and nothing else; never cached, private', async () => {
  const user = await signUp(emulator, `state-${Date.now()}@example.nl`);
  const response = await state(`lang=nl; __session=${user.idToken}`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ signedIn: true, uid: user.localId });
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  expect(response.headers.get('set-cookie')).toBeNull();
});

test('no cookie: signed out, nothing to clear', async () => {
  const response = await state();
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ signedIn: false });
  expect(response.headers.get('set-cookie')).toBeNull();
});

test.each([
  ['garbage', () => Promise.resolve('not.a.token')],
  [
    'a disabled account (revocation is checked)',
    async () => {
      const user = await signUp(emulator, `off-${Date.now()}@example.nl`);
      const admin =
        getApps().find((app) => app.name === 'state-admin') ??
        initializeApp({ projectId: emulator.projectId }, 'state-admin');
      await getAuth(admin).updateUser(user.localId, { disabled: true });
      return user.idToken;
    },
  ],
])('%s: 401, the cookie cleared, the message in the visitor’s language', async (_, token) => {
  const response = await fetch(`${server.url}/api/__session`, {
    headers: { cookie: `__session=${await token()}`, 'accept-language': 'en-GB,en' },
  });
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({
    statusMessage: 'Your session has expired or is invalid; please sign in again.',
  });
  expect(response.headers.get('set-cookie')).toMatch(/^__session=; Path=\/; Max-Age=0; SameSite=Lax; HttpOnly/);
});

test('HEAD and GET only read; other methods still go to POST or get 405', async () => {
  expect((await fetch(`${server.url}/api/__session`, { method: 'HEAD' })).status).toBe(200);
  expect(
    (await fetch(`${server.url}/api/__session`, { method: 'DELETE', headers: { origin: server.url } })).status,
  ).toBe(405);
});
