import { rateLimitKey } from './client-address.ts';
import { errorResponse, HttpError, json, requestLocale } from './http.ts';
import { answerPlainForm, isPlainForm, type PlainFormRoute } from './plain-form.ts';
import type { FunctionEnv, FunctionHandler } from './types.ts';

/**
 * Path matching and the checks every function shares (method, Origin, rate limit, errors), so a
 * handler only does its own job. Patterns: exact segments, `:name` for one segment, and a final
 * `*` for the rest of the path (in params['*']). Paths are matched as sent (percent-encoded);
 * a `:name` segment is decoded once, and one that does not decode (`%E0`) matches nothing.
 */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  pattern: string;
  handler: FunctionHandler;
  /** A page's form posts here: it also takes a plain (urlencoded) post and answers 303 to this page. */
  plain?: PlainFormRoute;
}

function decodeSegment(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export function matchPattern(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = pattern.split('/').slice(1);
  const have = pathname.split('/').slice(1);
  const params: Record<string, string> = {};
  for (let index = 0; index < want.length; index += 1) {
    const part = want[index] ?? '';
    if (part === '*' && index === want.length - 1) {
      params['*'] = have.slice(index).join('/');
      return params;
    }
    const value = have[index];
    if (value === undefined) return undefined;
    if (part.startsWith(':')) {
      const decoded = decodeSegment(value);
      if (decoded === undefined || decoded === '') return undefined;
      params[part.slice(1)] = decoded;
    } else if (part !== value) return undefined;
  }
  return have.length === want.length ? params : undefined;
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const limiterFor = (method: string, env: FunctionEnv) =>
  stateChanging.has(method) ? env.rateLimits.posts : env.rateLimits.reads;

/** Whether this client's request will be refused with 429 at once (its allowance for the minute is spent). */
export function allowanceSpent(method: string, env: FunctionEnv, clientIp: string): boolean {
  return limiterFor(method === 'HEAD' ? 'GET' : method, env).spent(rateLimitKey(clientIp));
}

/** The methods a path takes, in one fixed order; HEAD wherever GET is, since HEAD is answered as GET. */
function allowHeader(methods: readonly Route['method'][]): string {
  const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
  const allowed = new Set<string>(methods);
  if (allowed.has('GET')) allowed.add('HEAD');
  return order.filter((method) => allowed.has(method)).join(', ');
}

const words = {
  nl: {
    method: 'Deze methode is hier niet toegestaan.',
    origin: 'Dit verzoek komt niet van deze website.',
    tooMany: 'Te veel verzoeken; probeer het over een minuut opnieuw.',
    internal: 'Er is iets mis gegaan bij het verzenden.',
  },
  en: {
    method: 'This method is not allowed here.',
    origin: 'This request does not come from this website.',
    tooMany: 'Too many requests; please try again in a minute.',
    internal: 'Something went wrong while sending.',
  },
};

/**
 * A browser sends Origin with every POST; a page on another site posting here (CSRF) carries its
 * own origin. Missing Origin is refused too: our own pages always send it. Compared with the
 * site's configured URL and the allowed origins only, never with the request's Host: a page on
 * evil.example whose name points at this server (DNS rebinding) sends `Host: evil.example` and
 * `Origin: http://evil.example`, which agree with each other and with nothing we configured.
 */
export function originAllowed(request: Request, env: Pick<FunctionEnv, 'site' | 'allowedOrigins'>): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return false;
  return origin === new URL(env.site.url).origin || env.allowedOrigins.includes(origin);
}

/** The answer of the matching function, or undefined when no function lives at this path. */
export async function dispatch(
  routes: readonly Route[],
  request: Request,
  env: FunctionEnv,
  clientIp: string,
): Promise<Response | undefined> {
  const { pathname } = new URL(request.url);
  const candidates = routes.flatMap((route) => {
    const params = matchPattern(route.pattern, pathname);
    return params ? [{ route, params }] : [];
  });
  if (candidates.length === 0) return undefined;
  const locale = requestLocale(request);
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const found = candidates.find(({ route }) => route.method === method);
  // Handed on as JSON through this same dispatch, so every check below applies to both encodings.
  if (found?.route.plain && isPlainForm(request))
    return answerPlainForm(found.route.plain, request, env, (json, jsonEnv) =>
      dispatch(routes, json, jsonEnv, clientIp),
    );
  try {
    if (!found)
      throw new HttpError(405, words[locale].method, undefined, {
        allow: allowHeader(candidates.map(({ route }) => route.method)),
      });
    const posting = stateChanging.has(method);
    // Refused before it is counted: cross-site posts made from a victim's browser (all 403) must
    // not spend that visitor's own allowance.
    if (posting && !originAllowed(request, env)) {
      env.log(
        `function ${pathname}: refused a ${method} from Origin ${JSON.stringify(request.headers.get('origin'))}; the site's url and SITE_ALLOWED_ORIGINS may post`,
      );
      throw new HttpError(403, words[locale].origin);
    }
    // Reads are counted too: each GET with a session cookie costs an Auth lookup.
    const limiter = limiterFor(method, env);
    const key = rateLimitKey(clientIp);
    if (!limiter.take(key))
      throw new HttpError(429, words[locale].tooMany, undefined, { 'retry-after': String(limiter.retryAfter(key)) });
    return await found.route.handler(request, env, { clientIp, params: found.params });
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error);
    env.log(`function ${pathname} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return json(500, { statusMessage: words[locale].internal });
  }
}
