import type { Profile } from './types.ts';

/**
 * The browser's side of POST/GET /api/__session (functions/session/). No Firebase here: the
 * navigation of every page asks whether its stored profile still has a session.
 */
export const SESSION_PATH = '/api/__session';

/** ok: the cookie is set (or cleared); refused: the server rejected the token; unavailable: try again later. */
export type PostOutcome = 'ok' | 'refused' | 'unavailable';

/** Send the current ID token (empty when signed out) so the `__session` cookie follows it (spec §7). */
export async function postSession(token: string, fetcher: typeof fetch = fetch): Promise<PostOutcome> {
  try {
    const response = await fetcher(SESSION_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token }),
      credentials: 'same-origin',
    });
    if (response.ok) return 'ok';
    return response.status === 401 || response.status === 400 ? 'refused' : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/** What the server says of the `__session` cookie this browser holds. */
export type SessionAnswer =
  | { kind: 'signed-in'; uid: string }
  | { kind: 'none' }
  | { kind: 'refused' }
  | { kind: 'unavailable' };

export async function fetchSession(fetcher: typeof fetch = fetch): Promise<SessionAnswer> {
  try {
    const response = await fetcher(SESSION_PATH, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
    });
    if (response.status === 401) return { kind: 'refused' };
    if (!response.ok) return { kind: 'unavailable' };
    const body = (await response.json()) as { signedIn?: unknown; uid?: unknown };
    if (body.signedIn === true && typeof body.uid === 'string') return { kind: 'signed-in', uid: body.uid };
    return body.signedIn === false ? { kind: 'none' } : { kind: 'unavailable' };
  } catch {
    return { kind: 'unavailable' };
  }
}

/** Seconds before its expiry at which a token counts as expired (spec §9: "treated expired 30 s early"). */
export const EXPIRY_MARGIN_MS = 30_000;

/**
 * Does a stored profile still stand, given the server's answer? The cookie holds the ID token and
 * lapses with it after an hour, and only pages with Firebase renew it; so "no cookie" after the
 * token's expiry is the ordinary state of a signed-in visitor who browsed for a while, and they
 * stay shown (the next identity page renews the cookie, or signs them out if the account is gone).
 * "No cookie" while the token should still be valid means the session was ended elsewhere; a
 * refused cookie (disabled or revoked account, expired token) or another user's ends it too.
 * When the server cannot say, the profile stays: an outage is no reason to sign anyone out.
 */
export function profileStands(profile: Profile, answer: SessionAnswer, now: number): boolean {
  switch (answer.kind) {
    case 'signed-in':
      return answer.uid === profile.uid;
    case 'refused':
      return false;
    case 'none':
      return profile.sessionExpires - EXPIRY_MARGIN_MS <= now;
    case 'unavailable':
      return true;
  }
}
