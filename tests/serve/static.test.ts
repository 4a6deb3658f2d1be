import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { fixtureFiles } from './helpers/fixture-dist.ts';
import { startFixtureServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.stop());

const get = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { redirect: 'manual', ...init });

/** A raw request, so the body arrives exactly as sent (fetch would decompress it). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${server.url}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('clean URLs', () => {
  test.each([
    ['/', 'public/index.html'],
    ['/kampen', 'public/kampen.html'],
    ['/nl', 'public/nl.html'],
    ['/nl/kampen', 'public/nl/kampen.html'],
    ['/en', 'public/en.html'],
    ['/en/camps', 'public/en/camps.html'],
    ['/robots.txt', 'public/robots.txt'],
    ['/assets/site.3f2a1b9c.css', 'public/assets/site.3f2a1b9c.css'],
  ])('%s serves %s', async (path, file) => {
    const response = await get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(fixtureFiles[file]);
  });

  test.each([
    ['/kampen/', '/kampen'],
    ['/kampen.html', '/kampen'],
    ['/index.html', '/'],
    ['/en/camps/?x=1', '/en/camps?x=1'],
  ])('%s redirects to its clean form %s', async (path, location) => {
    const response = await get(path);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(location);
  });

  test('shell pages serve any id of a client-filled route', async () => {
    for (const [path, title] of [
      ['/evenementen/inschrijvingen/abc123', 'Inschrijving'],
      ['/nl/evenementen/inschrijvingen/xyz', 'Inschrijving (nl)'],
      ['/en/events/registrations/r-42', 'Registration'],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain(`<h1>${title}</h1>`);
    }
  });
});

describe('files from memory', () => {
  test('a page is served from memory, and a file changed in place under the running server is served anew (looked at again at most once a second)', async () => {
    const text = async () => (await get('/nl/kampen', { headers: { 'accept-encoding': 'identity' } })).text();
    expect(await text()).toBe(fixtureFiles['public/nl/kampen.html']);
    const changed = '<!doctype html><title>Kampen</title><p>Nieuw: een kamp in de herfst.</p>';
    await writeFile(join(server.dist.dir, 'public/nl/kampen.html'), changed);
    const until = Date.now() + 10_000;
    let served = await text();
    while (served !== changed && Date.now() < until) served = await text();
    expect(served).toBe(changed);
  });
});

describe('not found', () => {
  test('a Dutch path gets the Dutch 404 page with status 404', async () => {
    const response = await get('/bestaat-niet');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Pagina niet gevonden');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
  test('/nl paths are Dutch too', async () => {
    const response = await get('/nl/bestaat-niet');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Pagina niet gevonden');
  });
  test('an English path gets the English 404 page', async () => {
    const response = await get('/en/does-not-exist');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<h1>Page Not Found</h1>');
  });
  test('a shell route needs its id segment', async () => {
    expect((await get('/en/events/registrations/a/b')).status).toBe(404);
  });
  test('hidden files, traversal and bad encodings never reach the disk', async () => {
    expect((await get('/.secret')).status).toBe(404);
    expect((await raw('/assets/..%2F..%2Fsite.json')).status).toBe(400);
    expect((await raw('/%E0%A4%A')).status).toBe(400);
    expect((await raw('/kampen%00')).status).toBe(400);
  });
});

describe('methods, compression and conditional requests', () => {
  test('HEAD gives the headers of GET without a body', async () => {
    const head = await raw('/kampen', {}, 'HEAD');
    const full = await raw('/kampen');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.headers.etag).toBe(full.headers.etag);
  });
  test('POST to a page is refused with 405 and Allow', async () => {
    const response = await get('/kampen', { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
  test('brotli and gzip by Accept-Encoding, each decoding to the file', async () => {
    const br = await raw('/kampen', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(fixtureFiles['public/kampen.html']);
    expect(br.body.length).toBeLessThan(fixtureFiles['public/kampen.html']!.length / 4);
    const gz = await raw('/assets/site.3f2a1b9c.css', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(fixtureFiles['public/assets/site.3f2a1b9c.css']);
    const plain = await raw('/kampen');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
  test("a file's first request gets a quick compression, later ones the best, made meanwhile", async () => {
    // A page no other test asks for, varied enough for the two qualities to differ.
    const items = Array.from(
      { length: 400 },
      (_, i) => `<li><a href="/nieuws/${i}-les-${(i * 7919) % 997}">Les ${i}</a></li>`,
    );
    const page = Buffer.from(`<!doctype html><html lang="nl"><body><ul>${items.join('')}</ul></body></html>`);
    await writeFile(join(server.dist.dir, 'public/lessen-archief.html'), page);
    const atQuality = (quality: number) =>
      brotliCompressSync(page, {
        params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: page.length },
      });
    const [quick, best] = [atQuality(5), atQuality(11)];
    expect(best.length).toBeLessThan(quick.length); // else this page could not tell them apart
    const first = await raw('/lessen-archief', { 'accept-encoding': 'br' });
    expect(first.body.equals(quick)).toBe(true);
    let later = await raw('/lessen-archief', { 'accept-encoding': 'br' });
    while (later.body.equals(quick)) later = await raw('/lessen-archief', { 'accept-encoding': 'br' });
    expect(later.body.equals(best)).toBe(true);
    expect(later.headers.etag).toBe(first.headers.etag);
  });
  test('images are not compressed again', async () => {
    const image = await raw('/images/club-3.640.a1b2c3d4.webp', { 'accept-encoding': 'br' });
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['content-encoding']).toBeUndefined();
  });
  test('If-None-Match with the ETag gives 304 without a body, in any encoding', async () => {
    const first = await raw('/en/camps', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+-br"$/);
    const again = await raw('/en/camps', { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const gzipClient = await raw('/en/camps', { 'if-none-match': etag, 'accept-encoding': 'gzip' });
    expect(gzipClient.status).toBe(304);
    const other = await raw('/en/camps', { 'if-none-match': '"something-else"' });
    expect(other.status).toBe(200);
  });
});

describe('access log', () => {
  test('one line per request with method, path, status and duration', async () => {
    const before = server.logs.length;
    await get('/kampen?from=log-test');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = server.logs.slice(before).filter((line) => line.includes('/kampen?from=log-test'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/127\.0\.0\.1 "GET \/kampen\?from=log-test HTTP\/1\.1" 200 \d+ [\d.]+ms/);
  });
});
