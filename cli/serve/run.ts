import { startServer, type StartServerOptions } from './server.ts';

/**
 * `site serve` in the foreground: start, say where, and on SIGTERM (container stop) or SIGINT
 * (Ctrl-C) stop taking connections, let requests in flight finish, then return.
 */
export async function runServe(options: StartServerOptions & { out?: (line: string) => void }): Promise<void> {
  const out = options.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const server = await startServer({ warmUp: true, ...options });
  out(`site serve: ${options.dist} on ${server.url} (Ctrl-C or SIGTERM stops)`);
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
