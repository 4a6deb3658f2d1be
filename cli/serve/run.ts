import { startServer, type StartServerOptions } from './server.ts';

/**
 * `site serve` in the foreground: start, say where, and on SIGTERM (container stop) or SIGINT
 * (Ctrl-C) stop taking connections, let requests in flight finish, then return.
 */
export async function runServe(options: StartServerOptions & { out?: (line: string) => void }): Promise<void> {
  const out = options.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const server = await startServer({ warmUp: true, ...options });
  // Ready only when it is: pages are served from the first moment, sign-ups once the database runs.
  let whole = false;
  const starting = setTimeout(
    () => whole || out(`site serve: serving pages on ${server.url}; the registrations database is starting`),
    0,
  );
  void server.ready.then(
    ({ database }) => {
      whole = true;
      clearTimeout(starting);
      out(
        `site serve: ready: ${options.dist} on ${server.url}${database ? ` (registrations: ${database})` : ''} (Ctrl-C or SIGTERM stops)`,
      );
    },
    (error: unknown) => {
      whole = true;
      out(
        `site serve: ${options.dist} on ${server.url} WITHOUT its registrations database: ${error instanceof Error ? error.message : String(error)}; sign-ups get 503 and the database is tried again at the next one (Ctrl-C or SIGTERM stops)`,
      );
    },
  );
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      out(`site serve: ${signal}, finishing requests in flight`);
      void server.close().then(() => {
        out('site serve: stopped');
        resolve();
      });
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}
