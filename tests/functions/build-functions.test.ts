import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, symlink } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { simpleParser } from 'mailparser';
import { buildFunctions } from '../../cli/build/functions.ts';
import { inlineScriptHashes } from '../../functions/csp.ts';
import { firebaseRedirects, exactPathRegexes, prefixRewriteRegexes } from '../../cli/build/firebase-redirects.ts';
import { firstSegmentNotIn } from '../../cli/build/firebase-config.ts';
import {
  fixtureRedirects,
  fixtureSite,
  inlineScript,
  writeFixtureDist,
  type FixtureDist,
} from '../serve/helpers/fixture-dist.ts';
import { forms } from './helpers/forms.ts';
import { FolderWriter } from '../../cli/build/folder-writer.ts';

const require = createRequire(import.meta.url);
let dist: FixtureDist;
let written: number;
let config: any; // firebase.json as written: checked field by field below

beforeAll(async () => {
  dist = await writeFixtureDist();
  written = await buildFunctions({
    root: resolve('.'),
    output: new FolderWriter(dist.dir),
    redirects: fixtureRedirects,
    site: fixtureSite,
    scriptHashes: inlineScriptHashes(await readFile(join(dist.dir, 'public/index.html'), 'utf8')),
  });
  config = JSON.parse(await readFile(join(dist.dir, 'firebase.json'), 'utf8'));
});
afterAll(() => dist.remove());

describe('dist/firebase.json', () => {
  test('hosting serves public/ with the URLs the site links to', () => {
    expect(written).toBeGreaterThanOrEqual(3);
    expect(config.hosting.public).toBe('public');
    expect(config.hosting.cleanUrls).toBe(true);
    expect(config.hosting.trailingSlash).toBe(false);
    expect(config.emulators).toEqual({ ui: { enabled: false } });
  });

  test('every exact redirect of the map, with its status; prefixes go to the function', () => {
    const exact = fixtureRedirects.filter((rule) => !rule.from.endsWith('*'));
    expect(config.hosting.redirects).toHaveLength(exact.length);
    expect(config.hosting.redirects).toContainEqual({ source: '/clinic-25', destination: '/evenementen', type: 301 });
    expect(config.hosting.redirects).toContainEqual({
      regex: '^/tennisschool-baseline-utrecht/?$',
      destination: '/verenigingen/3-tc-de-baseline',
      type: 301,
    });
    expect(config.hosting.rewrites).toContainEqual({
      regex: '^(?:/nieuws/12-).*$',
      function: { functionId: 'api', region: 'europe-west1' },
    });
  });

  test('function paths, shell pages and English 404s are rewritten', () => {
    const fn = { functionId: 'api', region: 'europe-west1' };
    expect(config.hosting.rewrites.slice(0, 3)).toEqual([
      { source: '/mail/send-new', function: fn },
      { source: '/api/__session', function: fn },
      { source: '/api/staging-login', function: fn },
    ]);
    expect(config.hosting.rewrites).toContainEqual({
      source: '/evenementen/inschrijvingen/*',
      destination: '/evenementen/inschrijvingen/[id].html',
    });
    expect(config.hosting.rewrites).toContainEqual({
      source: '/en/events/registrations/*',
      destination: '/en/events/registrations/[id].html',
    });
    expect(config.hosting.rewrites.at(-1)).toEqual({ source: '/en/**', function: fn });
  });

  test('headers: security on every file (with inline script hashes), hashed assets immutable last', () => {
    const [all, hashed] = config.hosting.headers;
    const value = (key: string) => all.headers.find((h: { key: string }) => h.key === key)?.value;
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    expect(all.regex).toBe(firstSegmentNotIn(['api', 'mail']));
    expect(value('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(value('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(value('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(value('x-content-type-options')).toBe('nosniff');
    expect(value('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(hashed).toEqual({
      source: '/@(assets|images|islands)/**',
      headers: [{ key: 'cache-control', value: 'public, max-age=31536000, immutable' }],
    });
  });
});

describe("redirect folding for Hosting's rule limit", () => {
  const many = Array.from({ length: 30 }, (_, index) => ({
    from: `/oud/${index}`,
    to: `/nieuws/${index % 3}`,
    status: 301,
  }));

  test('under the limit: one rule per path', () => {
    expect(firebaseRedirects(many, 100)).toEqual({ redirects: expect.any(Array), overflow: [] });
    expect(firebaseRedirects(many, 100).redirects).toHaveLength(30);
  });

  test('over the limit: one regex per target, each matching exactly its paths', () => {
    const { redirects: folded, overflow } = firebaseRedirects(many, 10);
    expect(overflow).toEqual([]);
    expect(folded).toHaveLength(3);
    for (const rule of many) {
      const hits = folded.filter((r) => 'regex' in r && new RegExp(r.regex).test(rule.from));
      expect(hits.map((r) => r.destination)).toEqual([rule.to]);
    }
    expect(folded.some((r) => 'regex' in r && new RegExp(r.regex).test('/oud/300'))).toBe(false);
  });

  test('still over the limit: the rules that do not fit go to the function, each exactly once', () => {
    const { redirects, overflow } = firebaseRedirects(many, 2);
    expect(redirects).toHaveLength(2);
    expect(overflow).toHaveLength(10);
    const [regex] = exactPathRegexes(overflow);
    for (const rule of overflow) expect(new RegExp(regex ?? '').test(rule.from)).toBe(true);
    expect(new RegExp(regex ?? '').test('/oud/300')).toBe(false);
  });

  test('prefix patterns are escaped', () => {
    const [regex] = prefixRewriteRegexes([{ from: '/a.b/1-*', to: '/a.b/1-x', status: 301 }]);
    expect(new RegExp(regex ?? '').test('/a.b/1-old')).toBe(true);
    expect(new RegExp(regex ?? '').test('/aXb/1-old')).toBe(false);
  });
});

describe('dist/functions on a real Express app (as Firebase runs it)', () => {
  let server: Server;
  let base: string;
  const outbox = join(resolve('.'), '.site', 'test-outbox', String(process.pid));

  beforeAll(async () => {
    const functionsDir = join(dist.dir, 'functions');
    const pkg = JSON.parse(await readFile(join(functionsDir, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.dependencies)).toEqual(['firebase-functions', 'firebase-admin', 'pg']);
    // The project's own packages (the versions dist/functions/package-lock.json names); the
    // emulator test (tests/deploy) runs the installed folder on the Firebase emulators.
    await mkdir(join(functionsDir, 'node_modules'));
    for (const name of Object.keys(pkg.dependencies))
      await symlink(resolve('node_modules', name), join(functionsDir, 'node_modules', name), 'dir');
    Object.assign(process.env, { SITE_OUTBOX: outbox, STAGING: '1', STAGING_PASSWORD: 'staging-password-1' });

    const { api } = require(join(functionsDir, 'index.js')) as {
      api: ((req: unknown, res: unknown) => Promise<void>) & { __endpoint: Record<string, unknown> };
    };
    // What Firebase deploys: region, size, and the secrets it asks for (no events here: no database).
    expect(api.__endpoint).toMatchObject({
      region: ['europe-west1'],
      availableMemoryMb: 256,
      maxInstances: 10,
      secretEnvironmentVariables: [{ key: 'SMTP_URL' }],
    });
    const express = require('express') as any;
    const app = express();
    // What the Functions framework does before our handler: the raw body kept in req.rawBody.
    app.use(express.raw({ type: '*/*', limit: '10mb' }), (req: any, _res: unknown, next: () => void) => {
      req.rawBody = Buffer.isBuffer(req.body) ? req.body : undefined;
      next();
    });
    app.all('*', (req: unknown, res: unknown) => void api(req, res));
    server = await new Promise<Server>((done) => {
      const listening: Server = app.listen(0, '127.0.0.1', () => done(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((done) => server.close(() => done()));
    await rm(outbox, { recursive: true, force: true });
  });

  const hosting = {
    origin: 'https://www.baselinetennis.nl',
    'x-forwarded-host': 'www.baselinetennis.nl',
    'content-type': 'application/json',
  };

  test('a form posted through Hosting is mailed (outbox mode here)', async () => {
    const response = await fetch(`${base}/mail/send-new`, {
      method: 'POST',
      headers: hosting,
      body: JSON.stringify(forms.contact),
    });
    expect(response.status).toBe(200);
    const files = (await readdir(outbox)).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const subjects = await Promise.all(
      files.map(async (name) => (await simpleParser(await readFile(join(outbox, name)))).subject),
    );
    expect(subjects).toContain('[Website] Contact: Lesrooster');
  });

  test('errors keep their status and JSON; another origin is refused', async () => {
    const bad = await fetch(`${base}/mail/send-new`, {
      method: 'POST',
      headers: hosting,
      body: JSON.stringify({ ...forms.contact, email: 'x' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'email' });
    const foreign = await fetch(`${base}/mail/send-new`, {
      method: 'POST',
      headers: { ...hosting, origin: 'https://evil.example' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    const big = await fetch(`${base}/mail/send-new`, {
      method: 'POST',
      headers: hosting,
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(big.status).toBe(413);
  });

  test('Set-Cookie passes through (staging login)', async () => {
    const response = await fetch(`${base}/api/staging-login`, {
      method: 'POST',
      headers: hosting,
      body: JSON.stringify({ password: 'staging-password-1' }),
    });
    expect(response.status).toBe(200);
    // https behind Hosting: Secure.
    expect(response.headers.get('set-cookie')).toMatch(
      /^staging-auth=v1\.\d+\.[\w-]+; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly; Secure$/,
    );
  });

  test("the client is the address Google's front end appended, not the first X-Forwarded-For entry (issue 17, item 3)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const headers = { ...hosting, 'x-forwarded-for': `10.0.0.${i}, 198.51.100.7, 35.191.0.1` };
      statuses.push((await fetch(`${base}/mail/send-new`, { method: 'POST', headers, body: '{}' })).status);
    }
    expect(statuses).toEqual([...Array<number>(20).fill(400), ...Array<number>(20).fill(429)]);
  });

  test('a path parameter that does not decode is no crash (issue 17, item 8)', async () => {
    const response = await fetch(`${base}/api/registrations/%25E0`);
    // No database here (Firebase has no embedded one): 503 says so; what matters is no 500.
    expect([404, 503]).toContain(response.status);
    expect(await response.json()).toMatchObject({ statusMessage: expect.not.stringMatching(/URIError/) });
  });

  test('paths without a file: wrong-slug redirect with the query kept, English 404 page with status 404', async () => {
    const wrong = await fetch(`${base}/nieuws/12-oud?page=3`, { redirect: 'manual' });
    expect(wrong.status).toBe(301);
    expect(wrong.headers.get('location')).toBe('/nieuws/12-nieuw-seizoen?page=3');
    const missing = await fetch(`${base}/en/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<h1>Page Not Found</h1>');
  });
});
