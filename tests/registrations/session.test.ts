/**
 * Signed-in visitors (issue 7 with issue 6's `__session` cookie), against the Firebase Auth
 * emulator: a verified address signs up without the mail round (issue 17); their registrations
 * are listed and opened without a link; another visitor's registration is a 404 for them too; an
 * unverified account waits for the mail like a guest; a guest registration joins the list once
 * its address is verified; the same person again is led to their registration, and a stranger
 * repeating their sign-up only sends them their own link.
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
  site = await startRegistrationsServer([eventFacts(1, { capacity: 10 }), eventFacts(2, { capacity: 10 })], {
    ...(await database.fresh()),
    FIREBASE_PROJECT_ID: emulator.projectId,
  });
});
afterAll(async () => {
  await site?.stop();
  await database?.stop();
  await emulator?.stop();
});

const admin = () =>
  getApps().find((app) => app.name === 'registrations-test') ??
  initializeApp({ projectId: emulator.projectId }, 'registrations-test');

/** A user in the emulator with a name (verified or not); the cookie the browser would hold after signing in. */
async function visitor(name: string, email: string, verified: boolean): Promise<{ uid: string; cookie: string }> {
  const user = await createUser(emulator, email);
  await getAuth(admin()).updateUser(user.localId, { displayName: name, emailVerified: verified });
  return { uid: user.localId, cookie: `__session=${await signIn(email)}` };
}

async function signIn(email: string): Promise<string> {
  const response = await fetch(
    `http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-password-1', returnSecureToken: true }),
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

const stamp = Date.now();

describe('registrations of signed-in visitors', () => {
  test('a verified address is placed at once, listed, opened and cancelled by its owner without a link; a 404 for anyone else', async () => {
    const anna = await visitor('Anna de Vries', `anna-${stamp}@example.nl`, true);
    const bob = await visitor('Bob Jansen', `bob-${stamp}@example.nl`, true);

    // The sign-up form asks first: who is this (to pre-fill), and what do they have already.
    expect((await site.call('GET', '/api/registrations', { cookie: anna.cookie })).body).toEqual({
      signedIn: true,
      profile: { name: 'Anna de Vries', email: `anna-${stamp}@example.nl` },
      registrations: [],
    });
    const created = await site.call('POST', '/api/registrations', {
      cookie: anna.cookie,
      body: signUp(1, 1, { email: `Anna-${stamp}@Example.nl` }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ registration: { status: 'confirmed' }, mailSent: true });
    const { id } = created.body.registration;

    const mine = (await site.call('GET', '/api/registrations', { cookie: anna.cookie })).body;
    expect(mine.registrations.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(
      (await site.call('GET', `/api/registrations/${id}`, { cookie: anna.cookie })).body.registration,
    ).toMatchObject({ id, status: 'confirmed' });

    // Bob is signed in, but it is not his: the same 404 as a stranger, for reading, confirming and cancelling.
    expect((await site.call('GET', `/api/registrations/${id}`, { cookie: bob.cookie })).status).toBe(404);
    expect((await site.call('POST', `/api/registrations/${id}/confirm`, { cookie: bob.cookie })).status).toBe(404);
    expect((await site.call('POST', `/api/registrations/${id}/cancel`, { cookie: bob.cookie })).status).toBe(404);
    expect((await site.call('GET', '/api/registrations', { cookie: bob.cookie })).body.registrations).toEqual([]);
    // A forged cookie is nobody.
    expect((await site.call('GET', `/api/registrations/${id}`, { cookie: '__session=not.a.token' })).status).toBe(404);

    const cancelled = await site.call('POST', `/api/registrations/${id}/cancel`, { cookie: anna.cookie });
    expect(cancelled.body.registration.status).toBe('cancelled');
  });

  test('the same person again: the owner is led to their registration; a stranger gets the guest answer and the owner a mail with the link', async () => {
    const email = `erik-${stamp}@example.nl`;
    const erik = await visitor('Erik Smit', email, true);
    const created = await site.call('POST', '/api/registrations', {
      cookie: erik.cookie,
      body: signUp(2, 5, { email }),
    });
    expect(created.status).toBe(201);
    const again = await site.call('POST', '/api/registrations', { cookie: erik.cookie, body: signUp(2, 5, { email }) });
    expect(again).toMatchObject({
      status: 200,
      body: { existing: true, link: created.body.link, registration: { id: created.body.registration.id } },
    });

    // A stranger types Erik's address and participant: told what any guest is told, nothing of Erik's.
    const stranger = await site.call('POST', '/api/registrations', {
      body: signUp(2, 5, { email, firstName: 'Visit evil.example', remarks: 'spam' }),
    });
    const fresh = await site.call('POST', '/api/registrations', {
      body: signUp(2, 6, { email: `nobody-${stamp}@example.nl` }),
    });
    expect(stranger).toEqual({ status: 202, body: { pending: true, email, confirmHours: 24 } });
    expect(fresh.status).toBe(202);
    const reminders = (await site.outbox()).filter(
      (m) =>
        m.headers.get('x-site-registration') === created.body.registration.id &&
        m.headers.get('x-site-registration-mail') === 'reminder',
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe('Je inschrijving: Toernooi 2');
    expect(reminders[0]!.text).toContain('Daarvoor ben je al ingeschreven');
    expect(reminders[0]!.text).toContain(`https://www.baselinetennis.nl${created.body.link}`);
    expect(reminders[0]!.text).not.toMatch(/evil\.example|spam/);
  });

  test('an account whose address is not verified waits for the mail like a guest; only the link confirms', async () => {
    const email = `dave-${stamp}@example.nl`;
    const dave = await visitor('Dave Bos', email, false);
    const created = await site.call('POST', '/api/registrations', {
      cookie: dave.cookie,
      body: signUp(1, 4, { email }),
    });
    expect(created).toEqual({ status: 202, body: { pending: true, email, confirmHours: 24 } });
    const [listed] = (await site.call('GET', '/api/registrations', { cookie: dave.cookie })).body.registrations;
    expect(listed).toMatchObject({ status: 'pending', email });
    const read = await site.call('GET', `/api/registrations/${listed.id}`, { cookie: dave.cookie });
    expect(read.body).toMatchObject({ registration: { id: listed.id, status: 'pending' }, confirmable: false });
    expect(await site.call('POST', `/api/registrations/${listed.id}/confirm`, { cookie: dave.cookie })).toEqual({
      status: 403,
      body: { statusMessage: `Bevestig je inschrijving met de link in de mail die we naar ${email} stuurden.` },
    });
    const { token } = await site.confirmLink(email);
    expect(
      (await site.call('POST', `/api/registrations/${listed.id}/confirm`, { token })).body.registration.status,
    ).toBe('confirmed');
  });

  test('a guest registration joins the list of the account with that address once it is verified, which can confirm it', async () => {
    const email = `carol-${stamp}@example.nl`;
    expect((await site.call('POST', '/api/registrations', { body: signUp(2, 3, { email }) })).status).toBe(202);
    const { id } = await site.confirmLink(email);
    const carol = await visitor('Carol Smit', email, false);
    // Anyone can type any address into an account: unverified, it opens nothing.
    expect((await site.call('GET', '/api/registrations', { cookie: carol.cookie })).body.registrations).toEqual([]);
    expect((await site.call('GET', `/api/registrations/${id}`, { cookie: carol.cookie })).status).toBe(404);

    await getAuth(admin()).updateUser(carol.uid, { emailVerified: true });
    const verified = `__session=${await signIn(email)}`;
    expect(
      (await site.call('GET', '/api/registrations', { cookie: verified })).body.registrations.map(
        (r: { id: string }) => r.id,
      ),
    ).toEqual([id]);
    expect((await site.call('GET', `/api/registrations/${id}`, { cookie: verified })).body).toMatchObject({
      confirmable: true,
      registration: { status: 'pending' },
    });
    // Her verified address is the proof the mail would give.
    expect(
      (await site.call('POST', `/api/registrations/${id}/confirm`, { cookie: verified })).body.registration.status,
    ).toBe('confirmed');
  });
});
