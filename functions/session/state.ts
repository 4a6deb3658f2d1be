import { cookieShouldBeSecure, parseCookies, serializeCookie } from '../cookies.ts';
import { HttpError, json, requestLocale } from '../http.ts';
import type { FunctionHandler } from '../types.ts';
import { SESSION_COOKIE, verifyIdToken } from './verify.ts';

const words = {
  nl: {
    rejected: 'Je sessie is verlopen of ongeldig; log opnieuw in.',
    unavailable: 'Je sessie kan nu niet worden gecontroleerd; probeer het later opnieuw.',
  },
  en: {
    rejected: 'Your session has expired or is invalid; please sign in again.',
    unavailable: 'Your session cannot be checked right now; please try again later.',
  },
};

/**
 * GET /api/__session: whom the `__session` cookie names. Pages without Firebase keep a small
 * profile of the signed-in visitor (islands/lib/auth/profile.ts) and ask this to learn whether it
 * still stands: {signedIn: true, uid} for a valid cookie, {signedIn: false} for none, 401 and a
 * cleared cookie for one that no longer verifies (expired, revoked, disabled account). Nothing but
 * the uid is told: the cookie itself stays httpOnly.
 */
export const readSessionState: FunctionHandler = async (request, env) => {
  const token = parseCookies(request.headers.get('cookie')).get(SESSION_COOKIE);
  if (!token) return json(200, { signedIn: false });
  const result = await verifyIdToken(token, env);
  if (result.ok) return json(200, { signedIn: true, uid: result.token.uid });
  const locale = requestLocale(request);
  if (result.reason === 'invalid') {
    const clear = serializeCookie(SESSION_COOKIE, '', { maxAge: 0, secure: cookieShouldBeSecure(request) });
    throw new HttpError(401, words[locale].rejected, undefined, { 'set-cookie': clear });
  }
  env.log(`session: could not verify a cookie: ${String(result.error)}`);
  // Auth could not be reached: the cookie stays as it is (the token may well be good), the visitor retries.
  throw new HttpError(503, words[locale].unavailable, undefined, { 'retry-after': '30' });
};
