import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { formatProblems } from '../errors/format.ts';
import { ownOrigins } from '../serve/own-origins.ts';
import { problem, SiteError, type Problem } from '../errors/site-error.ts';
import type { ChangeSet } from '../build/incremental/changes.ts';
import { EventStream } from './events.ts';
import { changedPaths } from './open-pages.ts';
import { overlayHtml } from './overlay.ts';
import { DevRequests } from './requests.ts';
import { RebuildSession } from '../build/incremental/rebuild-session.ts';
import type { RebuildReport } from '../build/incremental/rebuild-report.ts';
import { watchSite, type SiteWatcher } from '../build/incremental/watcher.ts';

export interface DevServerOptions {
  /** Project folder (with site.config.yaml). */
  root: string;
  /** Default 4321; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Environment of the functions; default process.env. */
  env?: Record<string, string | undefined>;
  /** Terminal output; default stdout. */
  log?: (line: string) => void;
}

export interface DevServer {
  url: string;
  session: RebuildSession;
  events: EventStream;
  /** Milliseconds from the call to a site ready to serve. */
  startMs: number;
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new SiteError([problem('SERVE_LISTEN_FAILED', { host, port, problem: error.code ?? error.message })])),
    );
    server.listen(port, host, () => resolve(server.address() as AddressInfo));
  });
}

const errorsOf = (problems: Problem[]) => problems.filter((p) => p.severity === 'error');
const signature = (problems: Problem[]) =>
  JSON.stringify(problems.map((p) => [p.code, p.location, p.field, p.message]));

/**
 * `site dev`: the site served from memory, rebuilt on every save, with open pages told what
 * changed. Listens first, so a browser opened at once waits for the first build instead of
 * failing to connect; the watcher starts with the build, so nothing saved meanwhile is missed.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const started = performance.now();
  const root = resolve(options.root);
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const events = new EventStream();
  let requests: DevRequests | undefined;
  const server = createServer((req, res) => {
    if (requests) return requests.handle(req, res);
    // The first build is running: ask again shortly.
    res
      .writeHead(503, { 'retry-after': '1', 'content-type': 'text/plain; charset=utf-8' })
      .end('site dev is starting\n');
  });
  const host = options.host ?? '127.0.0.1';
  const address = await listen(server, options.port ?? 4321, host);
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${shown}:${address.port}`;

  let ready: (session: RebuildSession) => void = () => {};
  const sessionReady = new Promise<RebuildSession>((resolve) => (ready = resolve));
  let lastErrors = '';
  const onBatch = async (changes: ChangeSet) => {
    const session = await sessionReady;
    const report = await session.apply(changes);
    await requests?.refresh();
    lastErrors = announce(session, events, report, changes, lastErrors, log);
  };
  const watching: Promise<SiteWatcher> = watchSite(root, onBatch, (error) =>
    log(`site dev: watcher: ${error instanceof Error ? error.message : String(error)}`),
  );

  let session: RebuildSession;
  try {
    [session] = await Promise.all([RebuildSession.start(root), watching]);
  } catch (error) {
    await (await watching.catch(() => undefined))?.close();
    await new Promise((resolve) => server.close(resolve));
    throw error;
  }
  requests = new DevRequests(session, events, {
    vars: options.env ?? process.env,
    origins: ownOrigins(address),
    log,
    onRenderProblem: (p) => log(formatProblems([p]).trimEnd()),
  });
  await requests.refresh();
  ready(session);
  const problems = session.problems();
  if (problems.length) log(formatProblems(problems).trimEnd());
  lastErrors = signature(errorsOf(problems));

  let closed: Promise<void> | undefined;
  return {
    url,
    session,
    events,
    startMs: performance.now() - started,
    close() {
      closed ??= (async () => {
        await (await watching).close();
        events.close();
        await requests?.close();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      })();
      return closed;
    },
  };
}

/**
 * Tell the browsers and the terminal what a rebuild did: the overlay when errors appear or
 * change, `ok` when they are gone, and which open or rendered pages changed. Returns the errors'
 * signature, to compare the next rebuild against.
 */
function announce(
  session: RebuildSession,
  events: EventStream,
  report: RebuildReport,
  changes: ChangeSet,
  lastErrors: string,
  log: (line: string) => void,
): string {
  const announced = performance.now();
  const errors = errorsOf(report.problems);
  const errorsNow = signature(errors);
  if (errorsNow !== lastErrors) {
    if (errors.length) {
      events.broadcast('problems', { html: overlayHtml(errors) });
      log(formatProblems(errors).trimEnd());
    } else {
      events.broadcast('ok', {});
      log('site dev: errors fixed');
    }
  }
  const reloadAll = changes.static;
  if (report.compiled.includes('functions')) log(`site dev: functions/ reloaded (${report.ms.toFixed(0)} ms)`);
  if (!report.renewed && !report.css && !reloadAll) return errorsNow;
  const paths = reloadAll
    ? [...events.clients].map((client) => client.path)
    : changedPaths(session, events.clients, report.globalChanged);
  // ms and cpuMs: how long the rebuild took, and how much of it this process computed (bench/dev-reload.mjs).
  events.broadcast('change', {
    paths,
    ...(report.css ? { css: report.css } : {}),
    files: [...changes.paths],
    ms: Math.round(report.ms),
    cpuMs: Math.round(report.cpuMs),
  });
  const what =
    [...changes.paths].slice(0, 3).join(', ') + (changes.paths.size > 3 ? ` and ${changes.paths.size - 3} more` : '');
  log(
    `site dev: ${what} → ${paths.length} path${paths.length === 1 ? '' : 's'} to reload${report.css ? ', stylesheet swapped' : ''} (${report.content} rebuild, ${report.ms.toFixed(0)} ms, cpu ${report.cpuMs.toFixed(0)} ms)`,
  );
  if (process.env.SITE_DEV_TIMINGS === '1')
    log(`  ${report.timings}, announce ${(performance.now() - announced).toFixed(1)}`);
  return errorsNow;
}
