import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { forms } from '../functions/helpers/forms.ts';
import { writeFixtureDist, type FixtureDist } from './helpers/fixture-dist.ts';

let dist: FixtureDist;
beforeAll(async () => {
  dist = await writeFixtureDist();
});
afterAll(() => dist.remove());

/** `site serve` as its own process (what a container runs), through runServe. */
function serveProcess(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const script = `import { runServe } from ${JSON.stringify(resolve('cli/serve/run.ts'))};
await runServe({ dist: ${JSON.stringify(dist.dir)}, port: 0, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, SITE_OUTBOX: join(dist.dir, 'outbox') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start line:\n${output}`)), 20_000);
    child.stdout?.on('data', () => {
      const url = /on (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolveStart({ child, url, output: () => output });
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
  });
}

describe('SIGTERM', () => {
  test('a request in flight is finished, new connections are refused, the process exits 0', async () => {
    const { child, url, output } = await serveProcess();
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    const body = JSON.stringify(forms.contact);
    const answer = new Promise<{ status: number; text: string }>((done, fail) => {
      const req = request(`${url}/mail/send-new`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, 'content-length': Buffer.byteLength(body) },
      }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', fail);
      // Half the body now, SIGTERM, the rest later: the request is in flight during shutdown.
      req.write(body.slice(0, 20));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 200);
    });
    const { status, text } = await answer;
    expect(status, text).toBe(200);
    expect(await exited).toBe(0);
    expect(output()).toContain('SIGTERM, finishing requests in flight');
    expect(output()).toContain('site serve: stopped');
    // One access-log line for the request, written before the exit.
    expect(output()).toMatch(/"POST \/mail\/send-new HTTP\/1\.1" 200 /);
    // The office mail (a guest's form gets no copy: issue 17).
    expect((await readdir(join(dist.dir, 'outbox'))).filter((name) => name.endsWith('.eml'))).toHaveLength(1);
    await expect(fetch(`${url}/`)).rejects.toThrow();
  });
});
