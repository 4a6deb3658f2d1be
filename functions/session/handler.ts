import { z } from 'zod';
import { cookieShouldBeSecure, serializeCookie } from '../cookies.ts';
import { HttpError, json, readJson, requestLocale } from '../http.ts';
import type { FunctionHandler } from '../types.ts';
import { SESSION_COOKIE, verifyIdToken } from './verify.ts';

const bodySchema = z.strictObject({ token: z.string().max(8192) });

const words = {
  nl: {
    invalid: 'Stuur een token (leeg om uit te loggen).',
    rejected: 'Je sessie is verlopen of ongeldig; log opnieuw in.',
    unavailable: 'Inloggen is nu niet mogelijk; probeer het later opnieuw.',
  },
  en: {
    invalid: 'Send a token (empty to sign out).',
    rejected: 'Your session has expired or is invalid; please sign in again.',
    unavailable: 'Signing in is not possible right now; please try again later.',
  },
};

/**
 * POST /api/__session {token}: the browser sends its current ID token whenever the user or the
 * token changes (spec §7). A valid token becomes the `__session` cookie until the token expires;
 * an empty one signs out; a bad one is refused and the cookie cleared, so a stale session never
 * outlives a rejected token.
 */
export const updateSession: FunctionHandler = async (request, env) => {
  const locale = requestLocale(request);
  const secure = cookieShouldBeSecure(request);
  const clear = serializeCookie(SESSION_COOKIE, '', { maxAge: 0, secure });
  const parsed = bodySchema.safeParse(await readJson(request, env.bodyLimit, locale));
  if (!parsed.success) throw new HttpError(400, words[locale].invalid, 'token');
  const token = parsed.data.token.trim();
  if (token === '') return json(200, { signedIn: false }, { 'set-cookie': clear });

  const result = await verifyIdToken(token, env);
  if (result.ok) {
    const maxAge = result.token.exp - Math.floor(Date.now() / 1000);
    const cookie = serializeCookie(SESSION_COOKIE, token, { maxAge, secure });
    return json(200, { signedIn: true, uid: result.token.uid }, { 'set-cookie': cookie });
  }
  if (result.reason === 'invalid') {
    env.log(`session: token refused (${result.code})`);
    throw new HttpError(401, words[locale].rejected, 'token', { 'set-cookie': clear });
  }
  env.log(`session: could not verify a token: ${String(result.error)}`);
  // Auth could not be reached: the cookie stays as it is (the token may well be good), the visitor retries.
  throw new HttpError(503, words[locale].unavailable, undefined, { 'retry-after': '30' });
};
