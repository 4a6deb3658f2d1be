import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { clientAddress } from '../../functions/client-address.ts';
import { handleFunction, isFunctionPath, type FunctionEnv } from '../../functions/index.ts';
import { bodyTooLarge, errorResponse, localeOfAcceptLanguage } from '../../functions/http.ts';
import { allowanceSpent, matchPattern } from '../../functions/router.ts';
import { isPlainForm, plainFormRefused } from '../../functions/plain-form.ts';
import { localeOfPath } from '../../shared/locale.ts';
import { decideStaging } from '../../functions/staging/guard.ts';
import { logAccess } from './access-log.ts';
import { BodyTooLarge, ClientGone, readBody, sendFetchResponse, toFetchRequest } from './bridge.ts';
import type { DistSite } from './dist.ts';
import type { FileStore } from './files.ts';
import {
  baseSecurityHeaders,
  cacheControl,
  cacheControlFor,
  securityHeaders,
} from '../../functions/security-headers.ts';
import { cleanLocation, decodePath, parseTarget } from './paths.ts';
import { withQuery } from '../../functions/redirects.ts';
import { sendFile } from './static-response.ts';
import { errorText } from '../errors/error-text.ts';

/** What the request handler works from; `dist` and `files` are swapped whole by reload(). */
export interface ServerState {
  dist: DistSite;
  files: FileStore;
  functions: FunctionEnv;
  closing: boolean;
  log(line: string): void;
  /**
   * The functions' router; default the one of functions/index.ts. `site dev` passes the router of
   * its own bundle of functions/, compiled again on every save.
   */
  router?: Pick<typeof import('../../functions/index.ts'), 'handleFunction' | 'isFunctionPath'>;
  /** Resolves when a function request may start its work (turns.ts; `site dev` serves one developer and takes none). */
  functionTurn?(): Promise<void>;
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Over TLS, or behind a proxy that says the visitor used https. X-Forwarded-Proto is believed
 * without SITE_TRUST_PROXY because all it changes is adding HSTS, which browsers ignore over http.
 */
function isHttps(req: IncomingMessage): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  return (
    String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      ?.trim() === 'https'
  );
}

function setHeaders(res: ServerResponse, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

function redirect(res: ServerResponse, status: number, location: string, cache: string) {
  res.statusCode = status;
  res.setHeader('location', location);
  res.setHeader('cache-control', cache);
  res.setHeader('content-length', 0);
  res.end();
}

function plain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}) {
  const body = Buffer.from(`${text}\n`);
  res.statusCode = status;
  setHeaders(res, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': cacheControl.none, ...extra });
  res.setHeader('content-length', body.length);
  res.end(body);
}

/** The per-locale error page with its real status; plain text if the build did not write one. */
async function errorPage(
  req: IncomingMessage,
  res: ServerResponse,
  state: ServerState,
  status: 404 | 500,
  pathname: string,
) {
  const { site } = state.dist;
  const page = status === 404 ? site.notFound[localeOfPath(pathname)] : '/500.html';
  const file = await state.files.load(page);
  if (!file) return plain(res, status, status === 404 ? `Page Not Found: ${pathname}` : 'Internal Server Error');
  return sendFile(req, res, file, { status, cacheControl: cacheControl.none, https: isHttps(req), conditional: false });
}

/** A shell page for client-filled paths (site.json rewrites), e.g. /evenementen/inschrijvingen/:id. */
async function rewrite(state: ServerState, rawPathname: string) {
  for (const { source, destination } of state.dist.site.rewrites) {
    if (matchPattern(source, rawPathname)) return state.files.load(destination);
  }
  return undefined;
}

/** The origin the visitor used: the one its Origin header must match. */
function requestOrigin(req: IncomingMessage, state: ServerState): string {
  const host =
    (state.functions.trustedProxies > 0 && req.headers['x-forwarded-host']) || req.headers.host || 'localhost';
  return `${isHttps(req) ? 'https' : 'http'}://${String(host)}`;
}

async function callFunction(req: IncomingMessage, res: ServerResponse, state: ServerState, ip: string) {
  // A client over its allowance gets its 429 without taking a turn: a flood from one address
  // must not fill the line that everyone else's forms and sign-ups wait in.
  if (!allowanceSpent(req.method ?? 'GET', state.functions, ip)) await state.functionTurn?.();
  let body: Buffer | undefined;
  if (bodyMethods.has(req.method ?? '')) {
    try {
      body = await readBody(req, state.functions.bodyLimit);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      // Drain what is still coming (so the client reads our answer instead of a reset), then close.
      res.once('finish', () => {
        req.resume();
        setTimeout(() => req.socket.destroy(), 5000).unref();
      });
      // The same answer the function itself gives where it reads the body (Firebase): the page
      // shows it; a plain form's visitor is sent to the page that says it was not sent.
      const bare = toFetchRequest(req, requestOrigin(req, state), undefined);
      const refusal = isPlainForm(bare)
        ? plainFormRefused(bare, 413, state.dist.site)
        : errorResponse(bodyTooLarge(localeOfAcceptLanguage(req.headers['accept-language'])));
      refusal.headers.set('connection', 'close');
      return sendFetchResponse(res, refusal, req.method === 'HEAD');
    }
  }
  const request = toFetchRequest(req, requestOrigin(req, state), body);
  const response = await (state.router?.handleFunction ?? handleFunction)(request, state.functions, ip);
  if (!response) return errorPage(req, res, state, 404, new URL(request.url).pathname);
  await sendFetchResponse(res, response, req.method === 'HEAD');
}

async function handle(req: IncomingMessage, res: ServerResponse, state: ServerState, ip: string) {
  const https = isHttps(req);
  setHeaders(res, securityHeaders({ https }));
  if (state.closing) res.setHeader('connection', 'close');
  const target = parseTarget(req.url ?? '');
  const pathname = target && decodePath(target.rawPathname);
  if (!target || pathname === undefined) return plain(res, 400, 'Bad Request');
  const method = req.method ?? 'GET';

  const staging = state.functions.staging;
  if (staging) {
    res.setHeader('x-robots-tag', 'noindex, nofollow');
    const cookie = req.headers.cookie ?? null;
    // A page the browser will show (not its icon or a script): worth returning to after the login.
    const navigation =
      req.headers['sec-fetch-dest'] === 'document' || String(req.headers.accept ?? '').includes('text/html');
    const decision = decideStaging(
      { method, pathname, cookie, target: `${target.rawPathname}${target.search}`, navigation, https },
      state.dist.site,
      staging,
      Date.now(),
    );
    if (decision.kind === 'redirect') {
      if (decision.setCookie) res.setHeader('set-cookie', decision.setCookie);
      return redirect(res, 302, decision.location, cacheControl.none);
    }
    if (decision.kind === 'deny')
      return plain(res, 401, JSON.stringify({ statusMessage: 'Staging login required' }), {
        'content-type': 'application/json; charset=utf-8',
      });
    if (decision.kind === 'file-only') {
      const file = await state.files.lookup(pathname);
      if (!file) return redirect(res, 302, decision.otherwise, cacheControl.none);
      return sendFile(req, res, file, { status: 200, cacheControl: 'private, no-cache', https, conditional: true });
    }
  }

  // Asked before cleaning, so /old-path/ goes to its target in one hop (keys have no trailing slash).
  const mapped = state.dist.redirects.exact(pathname);
  if (mapped) return redirect(res, mapped.status, withQuery(mapped.to, target.search), cacheControl.redirect);
  const clean = cleanLocation(target.rawPathname, target.search);
  if (clean) return redirect(res, 301, clean, cacheControl.redirect);

  // Function and shell patterns match the path as sent (they decode their own parameters once).
  if ((state.router?.isFunctionPath ?? isFunctionPath)(target.rawPathname)) return callFunction(req, res, state, ip);
  if (method !== 'GET' && method !== 'HEAD') return plain(res, 405, 'Method Not Allowed', { allow: 'GET, HEAD' });

  const file = (await state.files.lookup(pathname)) ?? (await rewrite(state, target.rawPathname));
  if (!file) {
    // Prefix rules (wrong slugs) only where no page is: the right slug matches the prefix too.
    const wrongSlug = state.dist.redirects.prefix(pathname);
    if (wrongSlug)
      return redirect(res, wrongSlug.status, withQuery(wrongSlug.to, target.search), cacheControl.redirect);
    return errorPage(req, res, state, 404, pathname);
  }
  const cache = staging ? 'private, no-cache' : cacheControlFor(pathname);
  return sendFile(req, res, file, { status: 200, cacheControl: cache, https, conditional: true });
}

export function createRequestHandler(state: ServerState): RequestListener {
  return (req, res) => {
    const ip = clientAddress(req.headers['x-forwarded-for'], req.socket.remoteAddress, state.functions.trustedProxies);
    logAccess(req, res, ip, state.log);
    handle(req, res, state, ip).catch(async (error: unknown) => {
      if (error instanceof ClientGone) return void res.destroy(); // the access log line says `!`
      state.log(`error ${req.method} ${req.url}: ${errorText(error)}`);
      if (res.headersSent) return void res.destroy();
      try {
        setHeaders(res, baseSecurityHeaders());
        await errorPage(req, res, state, 500, '/');
      } catch {
        res.destroy();
      }
    });
  };
}
