/**
 * Signed-in visitors (issue 7 with issue 6's `__session` cookie), against the Firebase Auth
 * emulator: their registrations listed and opened without a link; another visitor's registration
 * is a 404 for them too; a guest registration joins the list once its address is verified.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp as createUser, startAuthEmulator, type AuthEmulator } from '../functions/helpers/firebase-emulator.ts';
import { embedded, type Database } from './helpers/databases.ts';
import { eventFacts, signUp, startRegistrationsServer, type RegistrationsServer } from './helpers/site.ts';

let emulator: AuthEmulator;
let database: Database;
let site: RegistrationsServer;

beforeAll(async () => {
  [emulator, database] = await Promise.all([startAuthEmulator(), embedded()]);
  site = await startRegistrationsServer([eventFacts(1, { capacity: 10 }), eventFacts(2, { capacity: 10 })], { ...(await database.fresh()), FIREBASE_PROJECT_ID: emulator.projectId });
});
afterAll(async () => {
  await site?.stop();
  await database?.stop();
  await emulator?.stop();
});

/** A user in the emulator with a name; the cookie the browser would hold after signing in. */
async function visitor(name: string, email: string): Promise<{ uid: string; cookie: string }> {
  const user = await createUser(emulator, email);
  const admin = getApps().find((app) => app.name === 'registrations-test') ?? initializeApp({ projectId: emulator.projectId }, 'registrations-test');
  await getAuth(admin).updateUser(user.localId, { displayName: name });
  return { uid: user.localId, cookie: `__session=${await signIn(email)}` };
}

async function signIn(email: string): Promise<string> {
  const response = await fetch(`http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-password-1', returnSecureToken: true }),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

const stamp = Date.now();

describe('registrations of signed-in visitors', () => {
  test('listed, opened and cancelled by their owner without a link; a 404 for anyone else', async () => {
    const anna = await visitor('Anna de Vries', `anna-${stamp}@example.nl`);
    const bob = await visitor('Bob Jansen', `bob-${stamp}@example.nl`);

    // The sign-up form asks first: who is this (to pre-fill), and what do they have already.
    expect((await site.call('GET', '/api/registrations', { cookie: anna.cookie })).body).toEqual({
      signedIn: true,
      profile: { name: 'Anna de Vries', email: `anna-${stamp}@example.nl` },
      registrations: [],
    });
    const created = await site.call('POST', '/api/registrations', { cookie: anna.cookie, body: signUp(1, 1, { email: `anna-${stamp}@example.nl` }) });
    expect(created.status).toBe(201);
    const { id } = created.body.registration;

    const mine = (await site.call('GET', '/api/registrations', { cookie: anna.cookie })).body;
    expect(mine.registrations.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await site.call('GET', `/api/registrations/${id}`, { cookie: anna.cookie })).body.registration).toMatchObject({ id, status: 'confirmed' });

    // Bob is signed in, but it is not his: the same 404 as a stranger, for reading and cancelling.
    expect((await site.call('GET', `/api/registrations/${id}`, { cookie: bob.cookie })).status).toBe(404);
    expect((await site.call('POST', `/api/registrations/${id}/cancel`, { cookie: bob.cookie })).status).toBe(404);
    expect((await site.call('GET', '/api/registrations', { cookie: bob.cookie })).body.registrations).toEqual([]);
    // A forged cookie is nobody.
    expect((await site.call('GET', `/api/registrations/${id}`, { cookie: '__session=not.a.token' })).status).toBe(404);

    const cancelled = await site.call('POST', `/api/registrations/${id}/cancel`, { cookie: anna.cookie });
    expect(cancelled.body.registration.status).toBe('cancelled');
  });

  test('a guest registration joins the list of the account with that address once it is verified', async () => {
    const email = `carol-${stamp}@example.nl`;
    const guest = (await site.call('POST', '/api/registrations', { body: signUp(2, 3, { email }) })).body.registration;
    const carol = await visitor('Carol Smit', email);
    // Anyone can type any address into an account: unverified, it opens nothing.
    expect((await site.call('GET', '/api/registrations', { cookie: carol.cookie })).body.registrations).toEqual([]);
    expect((await site.call('GET', `/api/registrations/${guest.id}`, { cookie: carol.cookie })).status).toBe(404);

    const admin = getApps().find((app) => app.name === 'registrations-test')!;
    await getAuth(admin).updateUser(carol.uid, { emailVerified: true });
    const verified = `__session=${await signIn(email)}`;
    expect((await site.call('GET', '/api/registrations', { cookie: verified })).body.registrations.map((r: { id: string }) => r.id)).toEqual([guest.id]);
    expect((await site.call('GET', `/api/registrations/${guest.id}`, { cookie: verified })).status).toBe(200);
  });
});
