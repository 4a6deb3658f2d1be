// The site as a visitor gets it: `site serve` in its own process on a free loopback port.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** Starts `node bin/site.mjs serve --out <dist> --port 0`; resolves with its URL and a stop(). */
export function serveSite(root, dist) {
  const child = spawn(
    process.execPath,
    [join(root, 'bin', 'site.mjs'), 'serve', '--out', dist, '--port', '0', '--host', '127.0.0.1'],
    {
      cwd: root,
      // A clean environment for the server: STAGING=1 from a shell would hide every page.
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`site serve did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk) => {
      output += chunk;
      // "site serve: /path/dist on http://127.0.0.1:40123 (Ctrl-C or SIGTERM stops)"
      const url = / on (http:\/\/[^\s;]+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        // Keep draining the access log so the pipe never fills and blocks the server.
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ url, stop });
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`site serve exited with ${code}:\n${output}`));
    });
  });
}

/**
 * Asks for each page and every same-origin file it names (stylesheet, scripts, island scripts,
 * images) once, as Chromium asks (brotli accepted), so the server has them compressed and kept.
 */
export async function warmUp(pageUrls) {
  const get = async (url) => {
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    return response.ok ? response.text() : '';
  };
  const files = new Set();
  for (const url of pageUrls) {
    const html = await get(url);
    for (const match of html.matchAll(/\b(?:src|href|data-src|srcset|imageSrcSet)="([^"]+)"/gi)) {
      for (const candidate of match[1].split(',')) {
        const target = new URL(candidate.trim().split(/\s+/)[0], url);
        if (target.origin === new URL(url).origin && !files.has(target.href)) files.add(target.href);
      }
    }
  }
  for (const file of files) await get(file).catch(() => '');
}
