import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineSecret } from 'firebase-functions/params';
import {
  onRequest,
  type Request as ExpressRequest,
  type Response as ExpressResponse,
} from 'firebase-functions/v2/https';
import { baseSecurityHeaders, HSTS } from '../security-headers.ts';
import { noStore } from '../http.ts';
import { clientAddress } from '../client-address.ts';
import { createFunctionEnv, handleFunction, type FunctionEnv } from '../index.ts';
import { createRedirectMatcher, withQuery, type RedirectRule } from '../redirects.ts';
import { siteManifestSchema } from '../../shared/site-manifest.ts';
import { localeOfPath } from '../../shared/locale.ts';
import {
  FIREBASE_FUNCTION,
  hostingOrigins,
  MAX_INSTANCES,
  NOT_FOUND_EN,
  POOL_SIZE_PER_INSTANCE,
  requiredSecrets,
  SECRETS,
} from './config.ts';

/**
 * The Firebase Functions (v2) entry of dist/functions: one `api` function behind the Hosting
 * rewrites in firebase.json. It turns Firebase's Express request into a fetch Request, runs the
 * same handlers as `site serve`, and writes the fetch Response back. Hosting sends it only
 * requests for which no file exists, so the fallback is: a wrong-slug prefix redirect, or the
 * English 404 page with status 404 (Hosting alone would serve the Dutch one for every path).
 * The site's data lies beside this bundle (the build writes it there), so the bundle itself is
 * the same for every site: the build makes it while it reads the content.
 */
const beside = (name: string) => join(__dirname, name);
const site = siteManifestSchema.parse(JSON.parse(readFileSync(beside('site.json'), 'utf8')));
const redirects = createRedirectMatcher(JSON.parse(readFileSync(beside('redirects.json'), 'utf8')) as RedirectRule[]);
const notFoundEnglish = existsSync(beside(NOT_FOUND_EN)) ? readFileSync(beside(NOT_FOUND_EN), 'utf8') : null;
let env: FunctionEnv | undefined;

/**
 * Made on the first request, when the runtime's environment (secrets) is in place. Allowed
 * origins come from configuration only: the site's url, the project's Hosting domains and
 * SITE_ALLOWED_ORIGINS (e.g. the emulator's), never from the request's Host.
 */
function functionEnv(): FunctionEnv {
  // Google's front end appends "<client>, <its own address>" to X-Forwarded-For: two hops of ours.
  env ??= createFunctionEnv({
    site,
    vars: { SITE_OUTBOX: '/tmp/site-outbox', SITE_TRUST_PROXY: '2', ...process.env },
    root: '/tmp',
    platform: { origins: hostingOrigins(process.env.GCLOUD_PROJECT), poolSize: POOL_SIZE_PER_INSTANCE },
  });
  return env;
}

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();

export function toFetchRequest(req: ExpressRequest): Request {
  const host = first(req.headers['x-forwarded-host']) ?? first(req.headers.host) ?? new URL(site.url).host;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.rawBody !== undefined;
  return new Request(`https://${host}${req.originalUrl}`, {
    method: req.method,
    headers,
    ...(hasBody ? { body: new Uint8Array(req.rawBody ?? Buffer.alloc(0)) } : {}),
  });
}

/**
 * Hosting applies no header rule to function paths (firebase.json's rules are for files), so
 * the function sends the security headers itself. Express's own X-Powered-By says nothing useful.
 */
const security: Record<string, string> = { ...baseSecurityHeaders(), 'strict-transport-security': HSTS };

export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  res.removeHeader('x-powered-by');
  for (const [name, value] of Object.entries(security)) if (!response.headers.has(name)) res.setHeader(name, value);
  // An answer that says nothing of caching is personal: Hosting would drop its cookies otherwise.
  if (!response.headers.has('cache-control')) res.setHeader('cache-control', noStore);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('set-cookie', cookies);
  res.end(Buffer.from(await response.arrayBuffer()));
}

function fallback(request: Request): Response {
  const url = new URL(request.url);
  const target = redirects.exact(url.pathname) ?? redirects.prefix(url.pathname);
  if (target)
    return new Response(null, { status: target.status, headers: { location: withQuery(target.to, url.search) } });
  const english = localeOfPath(url.pathname) === 'en' && notFoundEnglish;
  return new Response(english || `Page Not Found: ${url.pathname}`, {
    status: 404,
    headers: {
      'content-type': english ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    },
  });
}

export async function handle(req: ExpressRequest, res: ExpressResponse): Promise<void> {
  const request = toFetchRequest(req);
  const env = functionEnv();
  // Never Express's req.ip or the first entry: the left of X-Forwarded-For is the client's own words.
  const clientIp = clientAddress(req.headers['x-forwarded-for'], req.socket?.remoteAddress, env.trustedProxies);
  const response = (await handleFunction(request, env, clientIp)) ?? fallback(request);
  await sendFetchResponse(res, response);
}

/** What `firebase deploy` asks for (or refuses without) before it uploads anything. */
const secrets = requiredSecrets(site).map((name) => defineSecret(name, { description: SECRETS[name] }));

export const api = onRequest(
  { region: FIREBASE_FUNCTION.region, memory: '256MiB', maxInstances: MAX_INSTANCES, invoker: 'public', secrets },
  (req, res) => handle(req, res),
);
