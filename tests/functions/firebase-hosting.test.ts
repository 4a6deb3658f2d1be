import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildFunctions } from '../../cli/build/functions.ts';
import { inlineScriptHashes } from '../../functions/csp.ts';
import { fixtureRedirects, fixtureSite, writeFixtureDist, type FixtureDist } from '../serve/helpers/fixture-dist.ts';
import { startFixtureServer, type TestServer } from '../serve/helpers/server.ts';
import { startFirebaseEmulator, type RunningEmulator } from './helpers/firebase-emulator.ts';
import { FolderWriter } from '../../cli/build/folder-writer.ts';

/**
 * The generated dist/firebase.json run by Firebase's own Hosting emulator (firebase-tools), next to
 * `site serve` on the same dist: both must answer the static paths alike. Function paths are left
 * out: they need the Functions runtime, which is not installed here (build-functions.test.ts runs
 * the function itself).
 */
let dist: FixtureDist;
let hosting: RunningEmulator;
let serve: TestServer;
beforeAll(async () => {
  dist = await writeFixtureDist();
  await buildFunctions({
    root: resolve('.'),
    output: new FolderWriter(dist.dir),
    redirects: fixtureRedirects,
    site: fixtureSite,
    scriptHashes: inlineScriptHashes(await readFile(join(dist.dir, 'public/index.html'), 'utf8')),
  });
  const config = JSON.parse(await readFile(join(dist.dir, 'firebase.json'), 'utf8')) as Record<string, unknown>;
  hosting = await startFirebaseEmulator('hosting', {
    cwd: dist.dir,
    config,
    ready: (host) =>
      fetch(`http://${host}/`).then(
        (r) => r.ok,
        () => false,
      ),
  });
  serve = await startFixtureServer();
});
afterAll(async () => {
  await hosting?.stop();
  await serve?.stop();
  await dist?.remove();
});

const paths = [
  '/',
  '/kampen',
  '/kampen/',
  '/kampen.html',
  '/en',
  '/en/camps',
  '/nl/kampen',
  '/bestaat-niet',
  '/evenementen/inschrijvingen/abc',
  '/en/events/registrations/r-1',
  '/assets/site.3f2a1b9c.css',
  '/robots.txt',
  ...fixtureRedirects.filter((rule) => !rule.from.endsWith('*')).map((rule) => rule.from),
  '/clinic-25?page=2',
  '/tennisschool-baseline-utrecht',
];

/**
 * Location as a path: Hosting answers absolute URLs, `site serve` paths. Hosting also appends an
 * empty query to a target with its own query (`/kampen?utm_source=flyer&`): the same URL.
 */
const where = (response: Response, base: string) =>
  response.headers.get('location')?.replace(base, '').replace(/&$/, '') ?? null;

describe('Firebase Hosting (emulator) and site serve answer alike', () => {
  test.each(paths)('%s', async (path) => {
    const fromHosting = await fetch(`http://${hosting.host}${path}`, { redirect: 'manual' });
    const fromServe = await fetch(`${serve.url}${path}`, { redirect: 'manual' });
    expect(fromHosting.status).toBe(fromServe.status);
    expect(where(fromHosting, `http://${hosting.host}`)).toBe(where(fromServe, serve.url));
    if (fromServe.status === 200) {
      expect(await fromHosting.text()).toBe(await fromServe.text());
      expect(fromHosting.headers.get('cache-control')).toBe(fromServe.headers.get('cache-control'));
      expect(fromHosting.headers.get('x-content-type-options')).toBe('nosniff');
      expect(fromHosting.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});
