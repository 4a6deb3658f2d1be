import { type Command, Option } from 'commander';
import { resolve } from 'node:path';
import { parsePort } from './options.ts';

interface ServeOptions {
  root: string;
  out: string;
  dist?: string;
  port: number;
  host: string;
}

export function registerServeCommand(program: Command): void {
  const serve = program
    .command('serve')
    .description(
      'Serve a built site (dist/) for production: pages, redirects, functions (mail, session, staging login, registrations), ' +
        'security and cache headers. Settings from the environment: SMTP_URL, STAGING, STAGING_PASSWORD, SITE_RATE_LIMIT, ... (docs/serve.md).',
    )
    .addOption(
      new Option('--root <dir>', 'project folder: .site/ (outbox, embedded database) lives here (string)').default(
        '.',
        'current folder',
      ),
    )
    .addOption(new Option('--out <dir>', 'build output folder to serve, relative to --root (string)').default('dist'))
    // The name before `site serve` took --out like `build` and `check`; kept so scripts keep working.
    .addOption(new Option('--dist <dir>', 'deprecated: use --out').hideHelp())
    .addOption(
      new Option('--port <number>', 'port to listen on; 0 picks a free one (number)')
        .default(8080)
        .argParser(parsePort),
    )
    .addOption(
      new Option(
        '--host <address>',
        'address to listen on; 0.0.0.0 for every interface, e.g. in a container (string)',
      ).default('127.0.0.1'),
    );
  serve.action(async (options: ServeOptions) => {
    const outGiven = serve.getOptionValueSource('out') !== 'default';
    if (options.dist !== undefined && outGiven)
      serve.error('error: --dist is the old name of --out; give only --out', { exitCode: 2 });
    if (options.dist !== undefined)
      process.stderr.write(
        'site serve: --dist is deprecated; use --out (the same folder, as `site build --out` writes it)\n',
      );
    const root = resolve(options.root);
    const dist = resolve(root, options.dist ?? options.out);
    // Loaded when run: `site build` and `--help` need none of the server (Firebase Admin, pg).
    const { runServe } = await import('../serve/run.ts');
    await runServe({ dist, port: options.port, host: options.host, env: process.env, root });
  });
}
