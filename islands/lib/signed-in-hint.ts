/**
 * Whether this browser may be signed in: the login island stores a small profile under this key
 * (islands/lib/auth/profile.ts, PROFILE_KEY) while a session lasts. Read here without that module,
 * which would add half a kilobyte to the sign-up page's budget for one lookup; a test keeps the
 * two keys equal. Only a hint: the server's answer to the `__session` cookie decides.
 */
export const PROFILE_STORAGE_KEY = 'site-profile';

export function maybeSignedIn(): boolean {
  try {
    return window.localStorage.getItem(PROFILE_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}
