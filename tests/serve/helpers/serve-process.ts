import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * `site serve` as its own process, through runServe (what a container runs): its stdout and
 * stderr collected, its address read from the start line. A test can then stop it as an operator
 * would (SIGTERM) or kill it (SIGKILL) and start another on the same data.
 */
export interface ServeProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves once the output matches (a log line), or rejects after `timeoutMs` or at exit. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
}

export function startServeProcess(options: {
  dist: string;
  env: Record<string, string | undefined>;
}): Promise<ServeProcess> {
  const script = `import { runServe } from ${JSON.stringify(resolve('cli/serve/run.ts'))};
await runServe({ dist: ${JSON.stringify(options.dist)}, port: 0, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);

  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<RegExpExecArray>((done, fail) => {
      const check = () => {
        const match = pattern.exec(output);
        if (!match) return;
        finish();
        done(match);
      };
      const timer = setTimeout(() => {
        finish();
        fail(new Error(`no ${pattern} in ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      const onExit = (code: number | null) => {
        finish();
        fail(new Error(`site serve exited (${code}) before ${pattern}:\n${output}`));
      };
      const finish = () => {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('exit', onExit);
      };
      listeners.add(check);
      child.once('exit', onExit);
      check();
    });

  return waitFor(/ on (http:\/\/[\d.]+:\d+) /).then(([, url]) => ({
    child,
    url: url!,
    output: () => output,
    waitFor,
    exited,
  }));
}
