import { Command, CommanderError } from 'commander';
import { packageVersion } from './paths.ts';
import { isSiteError, problem } from './errors/site-error.ts';
import { formatProblems } from './errors/format.ts';
import { registerBuildCommand } from './commands/build.ts';
import { registerDevCommand } from './commands/dev.ts';
import { registerServeCommand } from './commands/serve.ts';
import { registerCheckCommand } from './commands/check.ts';
import { registerDeployCommand } from './commands/deploy.ts';
import { registerNewCommand } from './commands/new.ts';
import { registerSchemaCommand } from './commands/schema.ts';
import { errorText } from './errors/error-text.ts';

export const EXIT = { ok: 0, userError: 1, usage: 2 } as const;

export function createProgram(): Command {
  const program = new Command('site')
    .description('Build, serve and check the content-as-code website in this folder.')
    .version(packageVersion(), '-v, --version', 'print the version of site')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerBuildCommand(program);
  registerDevCommand(program);
  registerServeCommand(program);
  registerCheckCommand(program);
  registerDeployCommand(program);
  registerNewCommand(program);
  registerSchemaCommand(program);
  return program;
}

/** The package a command's code imports but node_modules lacks (a pull without `npm ci`). */
export function missingPackage(error: unknown): string | undefined {
  const { code, message = '' } = (error ?? {}) as { code?: string; message?: string };
  if (code === 'ERR_MODULE_NOT_FOUND') return /Cannot find package '([^']+)'/.exec(message)?.[1];
  if (code !== 'MODULE_NOT_FOUND') return undefined;
  // The launcher's thread runs the CLI as CommonJS (bin/site.mjs): require names what was asked
  // for, a package's name with perhaps a path in it, or a file of our own (a real bug).
  const request = /^Cannot find module '([^'./\\][^':\\]*)'/.exec(message)?.[1];
  return request
    ?.split('/')
    .slice(0, request.startsWith('@') ? 2 : 1)
    .join('/');
}

/** Runs the CLI and returns the process exit code: 0 ok, 1 user error, 2 usage error. */
export async function main(argv: string[]): Promise<number> {
  const program = createProgram();
  try {
    await program.parseAsync(argv);
    return Number(process.exitCode ?? EXIT.ok);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with exit code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (isSiteError(error)) {
      process.stderr.write(formatProblems(error.problems));
      return EXIT.userError;
    }
    const missing = missingPackage(error);
    if (missing) {
      process.stderr.write(formatProblems([problem('PACKAGE_NOT_INSTALLED', { name: missing })]));
      return EXIT.userError;
    }
    process.stderr.write(`internal error: ${errorText(error)}\n`);
    process.stderr.write(
      'This is a bug in site itself, not in your content. Please report it with the output above.\n',
    );
    return 70;
  }
}
