import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFunctionEnv } from '../../functions/env.ts';
import { renderOneMail, type Mailer } from '../../functions/mail/mailer.ts';
import { loadTokenVerifier } from '../../functions/session/verify.ts';
import { sendDueSoon } from '../../functions/registrations/mail-queue.ts';
import { FunctionConfigError } from '../../functions/config-error.ts';
import { problem, SiteError } from '../errors/site-error.ts';
import { loadDist } from './dist.ts';
import { createFileStore } from './files.ts';
import { applyLimits, resolveLimits, serverOptions, type ServerLimits } from './limits.ts';
import { ownOrigins } from './own-origins.ts';
import { createRequestHandler, type ServerState } from './request-handler.ts';
import { oneAtATurn } from './turns.ts';
import { eventClock } from '../../shared/event-clock.ts';
import { eventDay } from '../../shared/event-date.ts';
import { locales } from '../../shared/locale.ts';

export interface StartServerOptions {
  /** The build output folder (with public/, site.json, redirects.json). */
  dist: string;
  /** 0 picks a free port (tests). Default 8080. */
  port?: number;
  /** Default 127.0.0.1; 0.0.0.0 to serve other machines (a container). */
  host?: string;
  /** Environment variables (default process.env): SMTP_URL, STAGING, SITE_RATE_LIMIT, ... see functions/env.ts. */
  env?: Record<string, string | undefined>;
  /** Where `.site/outbox` lives when SITE_OUTBOX is not set. Default process.cwd(). */
  root?: string;
  /** One line per request and per notable event. Default: stdout. */
  log?: (line: string) => void;
  /** A ready mailer instead of one made from SMTP_URL (lets `site dev` share one). */
  mailer?: Mailer;
  /**
   * Open the registrations database at start (`site serve`), not at the first request that needs
   * it: when the site has events that take sign-ups and no database server is named; and render
   * one mail and load the token verifier before listening, not in the first sign-up or sign-in.
   */
  warmUp?: boolean;
  /** Timeouts and header size for slow or oversized requests; defaults in limits.ts (tests shorten them). */
  limits?: Partial<ServerLimits>;
}

export interface RunningServer {
  /** http://host:port, with the real port when 0 was asked. */
  url: string;
  /**
   * Settles once the server is whole: at once, or (warmUp) when the registrations database has
   * started; with the database's failure when it could not (pages are served meanwhile either
   * way, and a sign-up waits for the database or gets 503).
   */
  ready: Promise<{ database?: string }>;
  /** Re-reads site.json and redirects.json (after a rebuild); files are re-read on change anyway. */
  reload(): Promise<void>;
  /** Stops accepting, lets requests in flight finish (at most `graceMs`), then closes every socket. */
  close(graceMs?: number): Promise<void>;
}

/** A file changed in place under a running server is served within this time (a rebuild with reload() at once). */
const FILE_RECHECK_MS = 1000;

/**
 * What the first function request would otherwise load in the middle of a crowd: undici, behind
 * fetch's Request and Response (60 ms and more), and the time zone data of the Dutch wall clock
 * that every sign-up is checked against. Loaded before the server listens, at nobody's expense.
 */
function loadWhatFunctionsUse(): void {
  void new Response(new Request('http://localhost/', { method: 'POST', body: '{}' }).body);
  eventClock();
  // The first date format of a language loads its calendar data (about 30 ms): every sign-up's mail names the day.
  for (const locale of locales) eventDay('2000-01-01', locale);
}

/** How long `site serve` waits for a database server before it listens anyway (it keeps connecting beside). */
const DATABASE_SERVER_WAIT_MS = 3000;

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(new SiteError([problem('SERVE_LISTEN_FAILED', { host, port, problem: error.code ?? error.message })]));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** The production server of a built site: static files, redirects, staging guard and functions. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const vars = options.env ?? process.env;
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const dist = await loadDist(options.dist);
  let functions: ReturnType<typeof createFunctionEnv>;
  try {
    functions = createFunctionEnv({
      site: dist.site,
      vars,
      root: options.root ?? process.cwd(),
      log,
      ...(options.mailer ? { mailer: options.mailer } : {}),
    });
  } catch (error) {
    if (error instanceof FunctionConfigError)
      throw new SiteError([problem('SERVE_ENV_INVALID', { problem: error.message })]);
    throw error;
  }
  const turns = oneAtATurn();
  const state: ServerState = {
    dist,
    files: createFileStore(dist.publicDir, { recheckMs: FILE_RECHECK_MS }),
    functions,
    closing: false,
    log,
    functionTurn: turns.take,
  };
  const limits = resolveLimits(options.limits);
  const server = createServer(serverOptions(limits), createRequestHandler(state));
  applyLimits(server, limits);
  server.on('connection', turns.connected);
  // The database starts beside the pages (in a process of its own when embedded), paid while the
  // server waits for its first visitors, not by them; then the mails an earlier process queued but
  // never sent (killed) go out. A failure (the data folder held by another process) is reported
  // now and tried again at the next request that needs the database.
  const started = Date.now();
  const opensDatabase = options.warmUp === true && dist.site.events.length > 0;
  const ready = opensDatabase
    ? functions.registrations.store().then((store) => {
        sendDueSoon(functions, store, 'start');
        return { database: `${store.kind} at ${store.location}, started in ${Date.now() - started} ms` };
      })
    : Promise.resolve({});
  ready.catch((error: unknown) => log(`registrations: ${error instanceof Error ? error.message : String(error)}`));
  loadWhatFunctionsUse();
  if (opensDatabase) await functions.registrations.loadDriver().catch(() => {}); // a failure is the store's to report, below
  if (options.warmUp === true) await Promise.all([renderOneMail(), loadTokenVerifier()]);
  // A database server answers within a tenth of a second: connected before the first visitors
  // arrive, its connection and first statements are not paid in the middle of them. The embedded
  // database takes seconds to start: pages are served meanwhile.
  if (opensDatabase && functions.registrations.options.databaseUrl) {
    let waited: NodeJS.Timeout | undefined;
    const giveUp = new Promise<void>((done) => (waited = setTimeout(done, DATABASE_SERVER_WAIT_MS)));
    await Promise.race([ready.catch(() => {}), giveUp]);
    clearTimeout(waited);
  }
  const host = options.host ?? '127.0.0.1';
  const address = await listen(server, options.port ?? 8080, host);
  state.functions = { ...state.functions, allowedOrigins: [...state.functions.allowedOrigins, ...ownOrigins(address)] };
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  let closed: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${address.port}`,
    ready,
    async reload() {
      const next = await loadDist(options.dist);
      state.dist = next;
      state.files = createFileStore(next.publicDir, { recheckMs: FILE_RECHECK_MS });
      state.functions = { ...state.functions, site: next.site };
    },
    close(graceMs = 10_000) {
      closed ??= new Promise<void>((resolve) => {
        state.closing = true;
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          state.functions.mailer.close();
          // The embedded database writes its last pages on close; the next start finds them.
          state.functions.registrations.close().then(resolve, (error: unknown) => {
            log(`registrations: closing the database failed: ${String(error)}`);
            resolve();
          });
        });
        // Keep-alive sockets with no request in flight would hold close() open until they time out.
        server.closeIdleConnections();
      });
      return closed;
    },
  };
}
