/**
 * Shared shapes of the identity code (islands/lib/auth/). Only types here: importing this file
 * costs no bytes, so any island may use them without pulling in Firebase.
 */

/** Firebase's web config from site.config.yaml, and the Auth emulator when the build was told to use one. */
export interface IdentityConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** host:port of the Auth emulator (SITE_AUTH_EMULATOR at build time); absent in production. */
  emulator?: string;
}

/**
 * What pages without Firebase know of the signed-in visitor (profile.ts keeps it in localStorage).
 * Nothing secret: the ID token itself stays in the httpOnly `__session` cookie and Firebase's store.
 */
export interface Profile {
  uid: string;
  email: string;
  /** Display name; the avatar's alt and the source of its initials. */
  name?: string;
  /** Photo URL, when the account has one. */
  photo?: string;
  /** When the ID token in the `__session` cookie expires (ms since epoch): the cookie lapses then. */
  sessionExpires: number;
}

/** The visitor's state as the identity module reports it to islands. */
export interface IdentityState {
  /** False until Firebase has read its stored user and the session cookie agrees with it. */
  ready: boolean;
  profile: Profile | null;
  /** The code of the last identity failure that was not the answer to a call (a disabled user found on refresh). */
  error?: string;
}
