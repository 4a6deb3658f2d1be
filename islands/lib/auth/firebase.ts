import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  indexedDBLocalPersistence,
  initializeAuth,
  onIdTokenChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  updateProfile,
  validatePassword,
  verifyPasswordResetCode,
  type Auth,
  type User,
} from 'firebase/auth';
import { authErrorCode } from './errors.ts';
import { defaultStatus, type PasswordStatus } from './password-rules.ts';
import { clearProfile, readProfile, writeProfile } from './profile.ts';
import { postSession } from './session.ts';
import type { IdentityConfig, IdentityState, Profile } from './types.ts';

/**
 * Firebase Auth in the browser: the one module that imports the SDK. It is only ever loaded with
 * import() (identity.ts), so esbuild puts it and the SDK in a chunk of their own that only
 * identity pages download. It keeps three things in step with Firebase's user: the `__session`
 * cookie (session sync), the localStorage profile (for every page's navigation), and the state
 * islands show.
 */
export interface Identity {
  state(): IdentityState;
  /** Called with the state now and at every change; returns the unsubscribe. */
  subscribe(listener: (state: IdentityState) => void): () => void;
  /** Resolves once Firebase has read its stored user and the session cookie agrees with it. */
  ready: Promise<IdentityState>;
  signIn(email: string, password: string): Promise<Profile>;
  signUp(email: string, password: string, name: string): Promise<Profile>;
  sendPasswordReset(email: string): Promise<void>;
  /** The address a reset link is for; throws expired/invalid-action-code. */
  checkResetCode(code: string): Promise<string>;
  confirmPasswordReset(code: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  /** The provider's password policy applied to `password` (Firebase's default when it has none to give). */
  passwordStatus(password: string): Promise<PasswordStatus>;
  /** The current ID token (refreshed when near expiry), or null when nobody is signed in. */
  idToken(): Promise<string | null>;
}

/** The `exp` claim of a JWT in ms; the token is our own user's, so its payload is trusted as is. */
function tokenExpiry(token: string): number {
  const payload = token.split('.')[1] ?? '';
  const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
  return (claims.exp ?? 0) * 1000;
}

const profileOf = (user: User, sessionExpires: number): Profile => ({
  uid: user.uid,
  email: user.email ?? user.uid,
  ...(user.displayName ? { name: user.displayName } : {}),
  ...(user.photoURL ? { photo: user.photoURL } : {}),
  sessionExpires,
});

/** A failure with Firebase's error shape, for errors of our own making (a refused session). */
const failure = (code: string) => Object.assign(new Error(code), { code: `auth/${code}` });

function start(config: IdentityConfig, languageCode: string | undefined, options: StartOptions): Identity {
  const app = initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
  // initializeAuth instead of getAuth: no popup/redirect resolver (email and password only), which
  // keeps that code out of the chunk.
  const auth: Auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  // The emulator's banner and console warning would fail the accessibility and console checks of
  // the very tests the emulator is for; the build only points here when told to (docs/login.md).
  if (config.emulator) connectAuthEmulator(auth, `http://${config.emulator}`, { disableWarnings: true });
  if (languageCode) auth.languageCode = languageCode;

  let state: IdentityState = { ready: false, profile: null };
  const listeners = new Set<(state: IdentityState) => void>();
  const update = (next: Partial<IdentityState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener(state);
  };

  // Session sync (spec §7): one change at a time, in order, so a sign-out never overtakes a sign-in.
  let queue: Promise<void> = Promise.resolve();
  let syncedUid: string | null | undefined;
  let posted: string | undefined;

  async function sync(user: User | null): Promise<void> {
    if (!user) {
      // A cookie left from an earlier session must not outlive Firebase's user. One can only be
      // left where a profile was stored too (or this page synced a user): a visitor who was
      // never signed in here costs no request.
      if (syncedUid !== null && (syncedUid !== undefined || readProfile() !== null)) await postSession('');
      clearProfile();
      syncedUid = null;
      posted = undefined;
      update({ profile: null });
      return;
    }
    // A new user (or the first news of one on this page) gets a force-refreshed token: that asks
    // the provider, which finds a disabled account (the SDK then signs out by itself). A token the
    // SDK just refreshed is fresh already; refreshing it again would fire this listener forever.
    const fresh = user.uid !== syncedUid;
    syncedUid = user.uid;
    let token: string;
    try {
      token = await user.getIdToken(fresh);
    } catch (error) {
      syncedUid = undefined;
      update({ error: authErrorCode(error) ?? 'internal-error' });
      return;
    }
    if (token === posted) return;
    posted = token;
    const outcome = await postSession(token);
    if (outcome === 'ok') {
      const profile = profileOf(user, tokenExpiry(token));
      writeProfile(profile);
      update({ profile });
      return;
    }
    posted = undefined;
    if (outcome === 'refused') {
      // The server knows better (revoked, disabled): the visitor is signed out here too.
      update({ error: 'session-refused' });
      await firebaseSignOut(auth);
      return;
    }
    syncedUid = undefined;
    update({ error: 'network-request-failed' });
  }

  const listen = () => {
    onIdTokenChanged(auth, (user) => {
      queue = queue
        .then(() => sync(user))
        .catch((error: unknown) => update({ error: authErrorCode(error) ?? 'internal-error' }));
    });
  };
  // A sign-out asked for on another page (the header's menu, sign-out.ts) happens before anything
  // is synced, so the user Firebase kept is not signed back in for a moment.
  const begun = options.signOut
    ? auth
        .authStateReady()
        .then(() => firebaseSignOut(auth))
        .then(listen)
    : Promise.resolve(listen());

  /** After a call that signed someone in: wait for their session, or throw why there is none. */
  async function settled(uid: string): Promise<Profile> {
    // The listener runs within the SDK's sign-in call, so its job is queued by now; a refused
    // session queues a sign-out behind it, hence the second wait.
    for (let round = 0; round < 3; round += 1) {
      await queue;
      if (state.profile?.uid === uid) return state.profile;
      if (state.error) throw failure(state.error);
    }
    throw failure('internal-error');
  }

  const ready = begun.then(async () => {
    await auth.authStateReady();
    await queue;
    update({ ready: true });
    return state;
  });

  // Whether the provider has a policy to give, asked once: the Auth emulator answers 501, and
  // asking on every keystroke would fill the console with failed requests.
  let policy: Promise<boolean> | undefined;

  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      listener(state);
      return () => listeners.delete(listener);
    },
    ready,
    async signIn(email, password) {
      await begun;
      update({ error: undefined });
      const { user } = await signInWithEmailAndPassword(auth, email, password);
      return settled(user.uid);
    },
    async signUp(email, password, name) {
      await begun;
      update({ error: undefined });
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      await settled(user.uid);
      if (name) {
        await updateProfile(user, { displayName: name });
        // The name is part of the profile the navigation shows; the token may not have changed.
        queue = queue.then(() => {
          if (state.profile?.uid === user.uid) {
            const profile = profileOf(user, state.profile.sessionExpires);
            writeProfile(profile);
            update({ profile });
          }
        });
      }
      return settled(user.uid);
    },
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email),
    checkResetCode: (code) => verifyPasswordResetCode(auth, code),
    confirmPasswordReset: (code, password) => confirmPasswordReset(auth, code, password),
    async signOut() {
      await firebaseSignOut(auth);
      await queue;
    },
    async passwordStatus(password) {
      policy ??= validatePassword(auth, '').then(
        () => true,
        () => false,
      );
      // No policy to be had (the emulator serves none; offline): Firebase's default rule.
      if (!(await policy)) return defaultStatus(password);
      // The SDK keeps the policy it fetched: this asks nobody.
      return validatePassword(auth, password);
    },
    idToken: async () => (auth.currentUser ? auth.currentUser.getIdToken() : null),
  };
}

export interface StartOptions {
  /** Sign out before anything else (the visitor asked to, on a page without Firebase). */
  signOut?: boolean;
}

let identity: Identity | undefined;

/** The page's one identity (later calls get the first one, whatever they pass). */
export function startIdentity(config: IdentityConfig, languageCode?: string, options: StartOptions = {}): Identity {
  identity ??= start(config, languageCode, options);
  return identity;
}
