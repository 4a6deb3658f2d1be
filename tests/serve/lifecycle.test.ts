import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from 'node:http';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { forms } from '../functions/helpers/forms.ts';
import { writeFixtureDist, type FixtureDist } from './helpers/fixture-dist.ts';
import { startServeProcess } from './helpers/serve-process.ts';

let dist: FixtureDist;
beforeAll(async () => {
  dist = await writeFixtureDist();
});
afterAll(() => dist.remove());

const serveProcess = () => startServeProcess({ dist: dist.dir, env: { SITE_OUTBOX: join(dist.dir, 'outbox') } });

describe('SIGTERM', () => {
  test('a request in flight is finished, new connections are refused, the process exits 0', async () => {
    const { child, url, output, exited } = await serveProcess();
    const body = JSON.stringify(forms.contact);
    const answer = new Promise<{ status: number; text: string }>((done, fail) => {
      const req = request(
        `${url}/mail/send-new`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => done({ status: res.statusCode ?? 0, text }));
        },
      );
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
