import { type Command, Option } from 'commander';
import { parsePort } from './options.ts';
import { projectFolder } from '../config/project-folder.ts';

export function registerDevCommand(program: Command): void {
  program
    .command('dev')
    .description(
      'Serve the site while you edit it: pages render from memory, a save rebuilds only what it touches, open pages ' +
        'reload by themselves (a stylesheet change swaps in place), errors show in the browser and here. Drafts show. (docs/dev.md)',
    )
    .addOption(
      new Option('--port <number>', 'port to listen on; 0 picks a free one (number)')
        .default(4321)
        .argParser(parsePort),
    )
    .addOption(
      new Option('--host <address>', 'address to listen on; 0.0.0.0 to reach it from another device (string)').default(
        '127.0.0.1',
      ),
    )
    .addOption(new Option('--open', 'open the site in the default browser (boolean)').default(false))
    .addOption(new Option('--root <dir>', 'project folder (string)').default('.', 'current folder'))
    .action(async (options: { port: number; host: string; open: boolean; root: string }) => {
      const root = projectFolder(options.root);
      const { runDev } = await import('../dev/run.ts'); // loaded when run, as `site serve`
      await runDev({
        root,
        port: options.port,
        host: options.host,
        open: options.open,
        env: process.env,
      });
    });
}
