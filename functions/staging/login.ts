import { z } from 'zod';
import { safeReturnPath } from '../../shared/return-path.ts';
import { cookieShouldBeSecure, parseCookies, serializeCookie } from '../cookies.ts';
import { HttpError, json, readJson, requestLocale } from '../http.ts';
import { failedPageOf, type PlainFormRoute } from '../plain-form.ts';
import type { FunctionHandler } from '../types.ts';
import { passwordMatches, signStagingCookie, STAGING_COOKIE } from './cookie.ts';
import { STAGING_NEXT_COOKIE, stagingLoginPaths, stagingNextCookie } from './guard.ts';

const bodySchema = z.strictObject({ password: z.string().max(1000), locale: z.enum(['nl', 'en']).optional() });

const words = {
  nl: {
    notStaging: 'Dit is geen testomgeving.',
    wrong: 'Deze toegangscode klopt niet.',
    invalid: 'Vul de toegangscode in.',
  },
  en: {
    notStaging: 'This is not a staging site.',
    wrong: 'This access code is not correct.',
    invalid: 'Enter the access code.',
  },
};

/** The page the guard sent the visitor away from, if it is a page of this site (never the login itself). */
function askedFor(request: Request, exclude: Set<string>): string | undefined {
  const raw = parseCookies(request.headers.get('cookie')).get(STAGING_NEXT_COOKIE);
  if (!raw) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return safeReturnPath(path, new URL(request.url).origin, [...exclude]);
}

/**
 * POST /api/staging-login {password, locale?}: the right password gets a signed, expiring
 * staging-auth cookie and the page to go to: the one asked for before the guard stepped in
 * (staging-next cookie), else the home page of the locale.
 */
export const stagingLogin: FunctionHandler = async (request, env) => {
  let locale = requestLocale(request);
  if (!env.staging) throw new HttpError(404, words[locale].notStaging);
  const parsed = bodySchema.safeParse(await readJson(request, env.bodyLimit, locale));
  if (!parsed.success) throw new HttpError(400, words[locale].invalid, 'password');
  locale = parsed.data.locale ?? locale;
  if (!passwordMatches(parsed.data.password, env.staging.password))
    throw new HttpError(401, words[locale].wrong, 'password');
  const expires = Math.floor(Date.now() / 1000) + env.staging.maxAge;
  const secure = cookieShouldBeSecure(request);
  const cookie = serializeCookie(STAGING_COOKIE, signStagingCookie(env.staging.secret, expires), {
    maxAge: env.staging.maxAge,
    secure,
  });
  const location = askedFor(request, stagingLoginPaths(env.site)) ?? env.site.home[locale];
  const headers = new Headers({ 'set-cookie': cookie });
  if (parseCookies(request.headers.get('cookie')).has(STAGING_NEXT_COOKIE))
    headers.append('set-cookie', stagingNextCookie('', secure));
  return json(200, { ok: true, location }, headers);
};

/** Without JavaScript: in to the page asked for; a wrong or empty code back to the login, which says so. */
export const stagingLoginPage: PlainFormRoute = (answer, { locale }, site) => {
  if (answer.status < 300 && typeof answer.body?.location === 'string') return answer.body.location;
  if (answer.status === 400 || answer.status === 401) return site.stagingLoginFailed[locale];
  return failedPageOf(answer, locale, site);
};
