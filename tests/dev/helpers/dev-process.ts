import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface DevProcess {
  url: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves when the output matches (after the given offset), else fails after `ms`. */
  waitForOutput(pattern: RegExp, from?: number, ms?: number): Promise<string>;
  stop(): Promise<number | null>;
  alive(): boolean;
}

/**
 * The real CLI, as an author runs it: `node bin/site.mjs dev --port 0 --root <copy> [args]`. The URL is
 * read from what it prints when ready.
 */
export async function startDev(
  root: string,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<DevProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [join(root, 'bin', 'site.mjs'), 'dev', '--port', '0', '--root', root, ...args],
    {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let text = '';
  const waiters = new Set<() => void>();
  const take = (chunk: Buffer) => {
    text += chunk.toString();
    for (const waiter of waiters) waiter();
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve((exitCode = code))));

  const waitForOutput = (pattern: RegExp, from = 0, ms = 120_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(text.slice(from));
        if (match) {
          done();
          resolve(match[0]);
        } else if (exitCode !== undefined) {
          done();
          reject(new Error(`site dev exited (${exitCode}) before printing ${pattern}:\n${text}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`site dev did not print ${pattern} within ${ms} ms:\n${text.slice(from)}`));
      }, ms);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      void exited.then(check);
      check();
    });

  // A dev server that never got ready is still running: stopped here, or it outlives the suite.
  const line = await waitForOutput(/site dev: http:\/\/\S+/).catch((error: unknown) => {
    if (exitCode === undefined) child.kill('SIGKILL');
    throw error;
  });
  return {
    url: line.slice('site dev: '.length),
    output: () => text,
    waitForOutput,
    alive: () => exitCode === undefined,
    async stop() {
      if (exitCode === undefined) child.kill('SIGTERM');
      return exited;
    },
  };
}
