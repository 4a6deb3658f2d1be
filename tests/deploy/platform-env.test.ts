import { afterAll, expect, test } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFunctionEnv, handleFunction } from '../../functions/index.ts';
import { hostingOrigins, POOL_SIZE_PER_INSTANCE } from '../../functions/firebase/config.ts';
import { siteManifestSchema } from '../../shared/site-manifest.ts';
import { fixtureSite } from '../serve/helpers/fixture-dist.ts';
import { eventFacts } from '../registrations/helpers/site.ts';

/**
 * The functions as the Firebase entry sets them up: origins from configuration, and no embedded
 * database to fall back to (an instance loses its files): without DATABASE_URL registrations
 * answer 503 and say why in the log, instead of keeping sign-ups in /tmp of one instance.
 */
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

test('without DATABASE_URL on Firebase: 503 for sign-ups and reads, nothing written, the log says what to set', async () => {
  const root = await mkdtemp(join(tmpdir(), 'site-platform-'));
  dirs.push(root);
  const logs: string[] = [];
  const site = siteManifestSchema.parse({ ...fixtureSite, events: [eventFacts(1)] });
  const env = createFunctionEnv({
    site,
    vars: { SITE_OUTBOX: join(root, 'outbox') },
    root,
    log: (line) => logs.push(line),
    platform: { origins: hostingOrigins('baselinetennis'), poolSize: POOL_SIZE_PER_INSTANCE },
  });
  // Besides the site's own url, which is always allowed (functions/router.ts originAllowed).
  expect(env.allowedOrigins).toEqual(['https://baselinetennis.web.app', 'https://baselinetennis.firebaseapp.com']);
  expect(logs[0]).toContain('DATABASE_URL is not set, so sign-ups and registration pages answer 503');

  const request = (method: string, path: string, body?: unknown) =>
    new Request(`https://www.baselinetennis.nl${path}`, {
      method,
      headers: { origin: 'https://baselinetennis.web.app', 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const signUp = {
    event: 1,
    locale: 'nl',
    firstName: 'An',
    surname: 'Berg',
    email: 'an@example.nl',
    participant: 'An',
    answers: { birthYear: 2012 },
  };
  for (const [method, path, body] of [
    ['POST', '/api/registrations', signUp],
    ['GET', '/api/registrations/places', undefined],
  ] as const) {
    const response = await handleFunction(request(method, path, body), env, '203.0.113.9');
    expect(response?.status, path).toBe(503);
  }
  expect(logs.join('\n')).toContain('set the DATABASE_URL secret');
  expect(await readdir(root)).toEqual([]);
});
