import { parseCookies } from '../cookies.ts';
import { localeOfPath, type SiteManifest } from '../site.ts';
import { STAGING_COOKIE, verifyStagingCookie } from './cookie.ts';
import type { StagingSettings } from './settings.ts';

/**
 * What the staging guard decides for one request, as data (the server turns it into HTTP):
 * without a valid staging-auth cookie every path but the staging login of any locale goes to the
 * login of its locale; with one, the login page goes home.
 */
export type StagingDecision =
  | { kind: 'continue' }
  | { kind: 'redirect'; location: string }
  | { kind: 'deny' };

export const STAGING_LOGIN_API = '/api/staging-login';

// The login page needs its stylesheet, its island and its images before anyone is signed in.
// These folders hold only content-hashed build output, so letting them through reveals no page.
const openPrefixes = ['/assets/', '/islands/', '/images/'];

export function stagingLoginPaths(site: SiteManifest): Set<string> {
  const { nl, en } = site.stagingLogin;
  return new Set([nl, en, nl.startsWith('/nl/') ? nl : `/nl${nl}`]);
}

export function decideStaging(
  request: { method: string; pathname: string; cookie: string | null },
  site: SiteManifest,
  settings: StagingSettings,
  now: number,
): StagingDecision {
  const locale = localeOfPath(request.pathname);
  const isLogin = stagingLoginPaths(site).has(request.pathname);
  const signedIn = verifyStagingCookie(parseCookies(request.cookie).get(STAGING_COOKIE), settings.secret, now);
  if (signedIn) return isLogin ? { kind: 'redirect', location: site.home[locale] } : { kind: 'continue' };
  if (isLogin || request.pathname === STAGING_LOGIN_API) return { kind: 'continue' };
  if (openPrefixes.some((prefix) => request.pathname.startsWith(prefix))) return { kind: 'continue' };
  if (request.method === 'GET' || request.method === 'HEAD') return { kind: 'redirect', location: site.stagingLogin[locale] };
  return { kind: 'deny' };
}
