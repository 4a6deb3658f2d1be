import { describe, expect, test } from 'vitest';
import { Command, CommanderError } from 'commander';
import { registerServeCommand } from '../../cli/commands/serve.ts';
import { isSiteError } from '../../cli/errors/site-error.ts';

/** A program like cli/main.ts builds, with only `serve`, output captured instead of printed. */
function program() {
  let output = '';
  const site = new Command('site')
    .exitOverride()
    .configureOutput({ writeOut: (text) => (output += text), writeErr: (text) => (output += text) });
  registerServeCommand(site);
  for (const command of site.commands)
    command
      .exitOverride()
      .configureOutput({ writeOut: (text) => (output += text), writeErr: (text) => (output += text) });
  return { site, output: () => output };
}

describe('site serve (command line)', () => {
  test('help names every option with its type and default', async () => {
    const { site, output } = program();
    await expect(site.parseAsync(['node', 'site', 'serve', '--help'])).rejects.toMatchObject({ exitCode: 0 });
    // Commander wraps help to the terminal width; compare with the wrapping undone.
    const help = output().replace(/\s+/g, ' ');
    expect(help).toContain('--port <number> port to listen on; 0 picks a free one (number) (default: 8080)');
    expect(help).toContain('container (string) (default: "127.0.0.1")');
    expect(help).toContain('--out <dir> build output folder to serve, relative to --root (string) (default: "dist")');
    expect(help).toContain('--root <dir> project folder');
    // The old name still works but is not offered.
    expect(help).not.toContain('--dist');
  });

  test.each(['abc', '-1', '70000', '80.5'])('--port %s is a usage error', async (port) => {
    const { site, output } = program();
    const error = await site.parseAsync(['node', 'site', 'serve', '--port', port]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommanderError);
    expect((error as CommanderError).code).toBe('commander.invalidArgument');
    expect(output()).toContain('expected a port number from 0 to 65535');
  });

  test('a folder that is not a build is a user error naming what is missing', async () => {
    const { site } = program();
    const error = await site
      .parseAsync(['node', 'site', 'serve', '--out', '/nonexistent/dist', '--port', '0'])
      .catch((e: unknown) => e);
    expect(isSiteError(error)).toBe(true);
    if (!isSiteError(error)) return;
    expect(error.problems[0]?.code).toBe('DIST_NOT_FOUND');
    expect(error.problems[0]?.message).toBe('/nonexistent/dist has no public/ folder.');
  });

  test('--out is taken relative to --root, like build and check', async () => {
    const { site } = program();
    const error = await site
      .parseAsync(['node', 'site', 'serve', '--root', '/nonexistent', '--out', 'build', '--port', '0'])
      .catch((e: unknown) => e);
    expect(isSiteError(error) && error.problems[0]?.message).toBe('/nonexistent/build has no public/ folder.');
  });

  test('--dist, the old name, still works and says it is deprecated', async () => {
    const { site } = program();
    const written: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((text: string) => (written.push(text), true)) as typeof process.stderr.write;
    const error = await site
      .parseAsync(['node', 'site', 'serve', '--dist', '/nonexistent/dist', '--port', '0'])
      .catch((e: unknown) => e)
      .finally(() => (process.stderr.write = write));
    expect(written.join('')).toContain('--dist is deprecated; use --out');
    expect(isSiteError(error) && error.problems[0]?.message).toBe('/nonexistent/dist has no public/ folder.');
  });

  test('--dist with --out is a usage error naming --out', async () => {
    const { site, output } = program();
    const error = await site
      .parseAsync(['node', 'site', 'serve', '--dist', 'a', '--out', 'b'])
      .catch((e: unknown) => e);
    expect((error as CommanderError).exitCode).toBe(2);
    expect(output()).toContain('--dist is the old name of --out; give only --out');
  });
});
