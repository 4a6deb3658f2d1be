import { z } from 'zod';
import { cookieShouldBeSecure, serializeCookie } from '../cookies.ts';
import { HttpError, json, readJson, requestLocale } from '../http.ts';
import type { FunctionHandler } from '../types.ts';
import { passwordMatches, signStagingCookie, STAGING_COOKIE } from './cookie.ts';

const bodySchema = z.strictObject({ password: z.string().max(1000), locale: z.enum(['nl', 'en']).optional() });

const words = {
  nl: { notStaging: 'Dit is geen testomgeving.', wrong: 'Deze toegangscode klopt niet.', invalid: 'Vul de toegangscode in.' },
  en: { notStaging: 'This is not a staging site.', wrong: 'This access code is not correct.', invalid: 'Enter the access code.' },
};

/**
 * POST /api/staging-login {password, locale?}: the right password gets a signed, expiring
 * staging-auth cookie and the home page of the locale to go to.
 */
export const stagingLogin: FunctionHandler = async (request, env) => {
  let locale = requestLocale(request);
  if (!env.staging) throw new HttpError(404, words[locale].notStaging);
  const parsed = bodySchema.safeParse(await readJson(request, env.bodyLimit, locale));
  if (!parsed.success) throw new HttpError(400, words[locale].invalid, 'password');
  locale = parsed.data.locale ?? locale;
  if (!passwordMatches(parsed.data.password, env.staging.password)) throw new HttpError(401, words[locale].wrong, 'password');
  const expires = Math.floor(Date.now() / 1000) + env.staging.maxAge;
  const cookie = serializeCookie(STAGING_COOKIE, signStagingCookie(env.staging.secret, expires), {
    maxAge: env.staging.maxAge,
    secure: cookieShouldBeSecure(request),
  });
  return json(200, { ok: true, location: env.site.home[locale] }, { 'set-cookie': cookie });
};
