import { spawn } from 'node:child_process';
import { startDevServer, type DevServerOptions } from './server.ts';
import { errorText } from '../errors/error-text.ts';

/** The command that opens a URL in the desktop's browser, per platform. */
function opener(url: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '""', url]];
  return ['xdg-open', [url]];
}

function openBrowser(url: string, log: (line: string) => void): void {
  const [command, args] = opener(url);
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  // No browser (a server, a container) is no reason to stop: say so and go on.
  child.once('error', () => log(`site dev: could not open a browser (${command}); open ${url} yourself`));
  child.unref();
}

/**
 * `site dev` in the foreground: start, print the URL (tests and scripts read it from stdout),
 * optionally open it, and stop cleanly on Ctrl-C or SIGTERM.
 */
export async function runDev(options: DevServerOptions & { open: boolean }): Promise<void> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const server = await startDevServer({ ...options, log });
  // Templates and functions run in this process: an error thrown later by their code (a timer,
  // a promise nobody awaited) is reported, and the server goes on, as it does for a bad save.
  const report = (error: unknown) => log(`site dev: internal error: ${errorText(error)}`);
  process.on('uncaughtException', report);
  process.on('unhandledRejection', report);
  const { session } = server;
  const pages = session.generation?.state.pages.length ?? 0;
  log(`site dev: ${server.url} (${pages} pages, ready in ${(server.startMs / 1000).toFixed(1)} s; Ctrl-C stops)`);
  if (options.open) openBrowser(server.url, log);
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      log(`site dev: ${signal}, stopping`);
      process.off('uncaughtException', report);
      process.off('unhandledRejection', report);
      void server.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
