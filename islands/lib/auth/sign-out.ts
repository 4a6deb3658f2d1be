import { clearProfile } from './profile.ts';
import { postSession } from './session.ts';

/**
 * Signing out from a page without Firebase (the navigation's menu). The profile and the
 * `__session` cookie go at once, so the site treats the visitor as signed out even if they leave;
 * Firebase's own stored user can only be removed by Firebase, so the login page is asked to finish
 * the job. The request travels in sessionStorage (this tab, this site), not in the URL: a link
 * from elsewhere cannot sign anyone out.
 */
const INTENT_KEY = 'site-auth-intent';

export async function signOutHere(loginPath: string): Promise<void> {
  clearProfile();
  await postSession('');
  try {
    sessionStorage.setItem(INTENT_KEY, 'sign-out');
  } catch {
    // Without sessionStorage Firebase keeps its user; the login page then shows them signed in.
  }
  location.assign(loginPath);
}

/** Whether this tab asked to be signed out; asking again needs a new request. */
export function takeSignOutIntent(): boolean {
  try {
    const asked = sessionStorage.getItem(INTENT_KEY) === 'sign-out';
    sessionStorage.removeItem(INTENT_KEY);
    return asked;
  } catch {
    return false;
  }
}
