import { parseCookies, serializeCookie } from '../cookies.ts';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { localeOfPath } from '../../shared/locale.ts';
import { STAGING_COOKIE, verifyStagingCookie } from './cookie.ts';
import type { StagingSettings } from './settings.ts';

/**
 * What the staging guard decides for one request, as data (the server turns it into HTTP):
 * without a valid staging-auth cookie every path but the staging login of any locale goes to the
 * login of its locale; with one, the login page goes home. `file-only`: the login page's own
 * files are served to strangers, but a path there with no file goes to the login like any other
 * (the 404 page would show the site's menu, footer and contact details).
 */
export type StagingDecision =
  | { kind: 'continue' }
  /** `setCookie`: the page asked for, remembered for after the login. */
  | { kind: 'redirect'; location: string; setCookie?: string }
  | { kind: 'file-only'; otherwise: string }
  | { kind: 'deny' };

export const STAGING_LOGIN_API = '/api/staging-login';

/**
 * The page a visitor asked for before the guard sent them to the login: a cookie, since the login
 * page is a static page whose form cannot carry it without a script. Sent only to the login
 * function (its Path), for an hour.
 */
export const STAGING_NEXT_COOKIE = 'staging-next';
const nextCookieAge = 3600;

export function stagingNextCookie(path: string, secure: boolean): string {
  return serializeCookie(STAGING_NEXT_COOKIE, encodeURIComponent(path), {
    maxAge: path ? nextCookieAge : 0,
    secure,
    path: STAGING_LOGIN_API,
  });
}

// The login page needs its stylesheet, its island and its images before anyone is signed in.
// These folders hold only content-hashed build output, so letting them through reveals no page.
const openPrefixes = ['/assets/', '/islands/', '/images/'];

/** The staging login pages, and the same page saying the code was wrong, under every prefix. */
export function stagingLoginPaths(site: SiteManifest): Set<string> {
  const withNl = (path: string) => (path.startsWith('/nl/') ? path : `/nl${path}`);
  return new Set([site.stagingLogin, site.stagingLoginFailed].flatMap(({ nl, en }) => [nl, en, withNl(nl)]));
}

/**
 * `target` is the path and query asked for, `navigation` whether a person asked for it (a page
 * the browser shows, not its icon or a script): only that is remembered to return to.
 */
export function decideStaging(
  request: {
    method: string;
    pathname: string;
    cookie: string | null;
    target?: string;
    navigation?: boolean;
    https?: boolean;
  },
  site: SiteManifest,
  settings: StagingSettings,
  now: number,
): StagingDecision {
  const locale = localeOfPath(request.pathname);
  const isLogin = stagingLoginPaths(site).has(request.pathname);
  const signedIn = verifyStagingCookie(parseCookies(request.cookie).get(STAGING_COOKIE), settings.secret, now);
  if (signedIn) return isLogin ? { kind: 'redirect', location: site.home[locale] } : { kind: 'continue' };
  if (isLogin || request.pathname === STAGING_LOGIN_API) return { kind: 'continue' };
  if (request.method !== 'GET' && request.method !== 'HEAD') return { kind: 'deny' };
  const location = site.stagingLogin[locale];
  if (openPrefixes.some((prefix) => request.pathname.startsWith(prefix)))
    return { kind: 'file-only', otherwise: location };
  return request.navigation && request.target
    ? { kind: 'redirect', location, setCookie: stagingNextCookie(request.target, request.https ?? true) }
    : { kind: 'redirect', location };
}
