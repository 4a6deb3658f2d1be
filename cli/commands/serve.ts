import { Command, InvalidArgumentError, Option } from 'commander';
import { resolve } from 'node:path';

function port(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535.');
  return number;
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description(
      'Serve a built site (dist/) for production: pages, redirects, functions (mail, session, staging login), ' +
        'security and cache headers. Settings from the environment: SMTP_URL, STAGING, STAGING_PASSWORD, SITE_RATE_LIMIT, ... (docs/serve.md).',
    )
    .addOption(new Option('--port <number>', 'port to listen on; 0 picks a free one (number)').default(8080).argParser(port))
    .addOption(new Option('--host <address>', 'address to listen on; 0.0.0.0 for every interface, e.g. in a container (string)').default('127.0.0.1'))
    .addOption(new Option('--dist <dir>', 'build output folder to serve (string)').default('dist'))
    .action(async (options: { port: number; host: string; dist: string }) => {
      // Loaded when run: `site build` and `--help` need none of the server (Firebase Admin, pg).
      const { runServe } = await import('../serve/run.ts');
      await runServe({ dist: resolve(options.dist), port: options.port, host: options.host, env: process.env, root: process.cwd() });
    });
}
