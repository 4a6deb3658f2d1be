import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import * as builtInFunctions from '../../functions/index.ts';
import type { FunctionEnv } from '../../functions/index.ts';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { problem, type Problem } from '../errors/site-error.ts';
import { securityHeaders } from '../../functions/security-headers.ts';
import { createRequestHandler, type ServerState } from '../serve/request-handler.ts';
import { CLIENT_PATH, clientScript, EVENTS_PATH } from './client.ts';
import type { EventStream } from './events.ts';
import { overlayDocument } from './inject.ts';
import { isOutdated } from './open-pages.ts';
import { overlayHtml } from './overlay.ts';
import type { FunctionsModule } from '../build/incremental/functions-bundle.ts';
import { createDevStore } from './store.ts';
import type { RebuildSession } from '../build/incremental/rebuild-session.ts';

export interface DevRequestOptions {
  /** Environment of the functions (SMTP_URL, ...), as for `site serve`. */
  vars: Record<string, string | undefined>;
  /** Origins the browser reaches the dev server at: forms posted from there are the site's own. */
  origins: string[];
  log: (line: string) => void;
  onRenderProblem: (problem: Problem) => void;
}

// site serve's access log is one line per request: in dev that drowns what matters.
const ACCESS_LINE = /^\d{4}-\d\d-\d\dT/;

/**
 * Requests to `site dev`: its own endpoints under /__site/, and everything else through the
 * request handler of `site serve` over the dev store, with the functions of the session's own
 * bundle. Until the site has built once, pages are the error overlay.
 */
export class DevRequests {
  private readonly session: RebuildSession;
  private readonly events: EventStream;
  private readonly options: DevRequestOptions;
  private serve: { state: ServerState; handler: RequestListener; functions: unknown } | undefined;

  constructor(session: RebuildSession, events: EventStream, options: DevRequestOptions) {
    this.session = session;
    this.events = events;
    this.options = options;
  }

  /** After start and after each rebuild: follow the site's manifest, redirects and functions. */
  async refresh(): Promise<void> {
    const generation = this.session.generation;
    if (!generation) return;
    const { manifest, redirects } = generation.state.index;
    const functions = this.session.assets.functions?.module ?? builtInFunctions;
    if (!this.serve) {
      const state: ServerState = {
        dist: {
          dir: join(this.session.root, '.site', 'dev'),
          publicDir: join(this.session.root, '.site', 'dev', 'public'),
          site: manifest,
          redirects,
        },
        files: createDevStore(this.session, this.options.onRenderProblem),
        functions: this.functionEnv(functions, manifest),
        closing: false,
        log: (line) => void (ACCESS_LINE.test(line) || this.options.log(line)),
        router: functions,
      };
      this.serve = { state, handler: createRequestHandler(state), functions };
      return;
    }
    const { state } = this.serve;
    if (this.serve.functions !== functions) {
      try {
        const env = this.functionEnv(functions, manifest);
        const old = state.functions;
        // The new bundle has its own registry of open databases: the old one lets go of the
        // embedded database's folder before the new one may open it.
        old.mailer.close();
        await old.registrations.close();
        state.functions = env;
        state.router = functions;
        this.serve.functions = functions;
      } catch (error) {
        this.options.log(
          `functions: ${error instanceof Error ? error.message : String(error)}; the previous version keeps running`,
        );
      }
    }
    if (state.dist.site !== manifest || state.dist.redirects !== redirects) {
      state.dist = { ...state.dist, site: manifest, redirects };
      state.functions = { ...state.functions, site: manifest };
    }
  }

  private functionEnv(functions: FunctionsModule, site: SiteManifest): FunctionEnv {
    const { vars, origins, log } = this.options;
    const allowed = [vars.SITE_ALLOWED_ORIGINS, ...origins].filter(Boolean).join(',');
    return functions.createFunctionEnv({
      site,
      vars: { ...vars, SITE_ALLOWED_ORIGINS: allowed },
      root: this.session.root,
      log,
    });
  }

  async close(): Promise<void> {
    if (!this.serve) return;
    this.serve.state.closing = true;
    this.serve.state.functions.mailer.close();
    // The embedded registrations database writes its last pages and gives its folder back.
    await this.serve.state.functions.registrations.close();
  }

  readonly handle: RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://dev.invalid');
    if (url.pathname === CLIENT_PATH) return this.client(res);
    if (url.pathname === EVENTS_PATH) return this.stream(req, res, url.searchParams);
    if (!this.serve) return this.noSite(req, res);
    this.serve.handler(req, res);
  };

  private client(res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    res.end(clientScript);
  }

  private stream(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): void {
    const client = this.events.open(req, res, {
      path: query.get('path') ?? '/',
      page: query.get('page') ?? 'none',
      print: query.get('print') ?? '',
    });
    const overlay = overlayHtml(this.session.problems());
    if (overlay) this.events.send(client, 'problems', { html: overlay });
    // The page may have been rendered just before a rebuild finished: it learns so at once.
    if (isOutdated(this.session, client)) this.events.send(client, 'change', { paths: [client.path] });
  }

  /** No good version of the site yet (it has errors from the start): every page is the overlay. */
  private noSite(req: IncomingMessage, res: ServerResponse): void {
    const html = overlayDocument(overlayHtml(this.session.problems()) || overlayHtml(STARTING), {
      page: 'none',
      print: 'none',
    });
    res.writeHead(500, {
      ...securityHeaders({ https: false }),
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : html);
  }
}

// Only if nothing else says why there is no site (it always should): still the catalogue's words.
const STARTING: Problem[] = [
  problem('INTERNAL', { problem: 'site dev has no version of the site to show, and no error says why.' }),
];
