import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { eventStateAt } from '../../templates/lib/event-clock.ts';
import type { EventFacts } from '../../functions/registrations/event-facts.ts';
import type { SiteManifest } from '../../functions/site.ts';
import { freePort, signUp } from '../functions/helpers/firebase-emulator.ts';
import { forms } from '../functions/helpers/forms.ts';
import { startSmtp, type TestSmtp } from '../functions/helpers/smtp.ts';
import { postgresAvailable, startPostgres, type TestPostgres } from '../registrations/helpers/postgres.ts';
import { emulatorsExec, type EmulatorsRun } from './helpers/emulators-exec.ts';

/**
 * The proof of issue 16: the real dist/ of `npx site build`, prepared with `npx site deploy
 * --check` (the one documented step before a deploy), run by `firebase emulators:exec --only
 * hosting,functions,auth` offline, with DATABASE_URL on a PostgreSQL of the test's own and
 * SMTP_URL on a real SMTP server on loopback. Every request goes THROUGH HOSTING, as a visitor's.
 * One build and one emulator start serve the whole file.
 */
const root = resolve(import.meta.dirname, '../..');
const runs = postgresAvailable('firebase deploy on the emulators');
const projectId = `demo-site-deploy-${process.pid}`;
let work: string;
let dist: string;
let postgres: TestPostgres;
let smtp: TestSmtp;
let databaseUrl: string;
let emulators: EmulatorsRun;
let site: SiteManifest;
let refusal: { code: number | null; output: string };
let prepared: { code: number | null; output: string };
let hostingPort: number;

/**
 * The CLI as a user runs it. npm offline: the functions' packages must come from npm's cache
 * (filled by `npm ci` of this project), so the preparation is shown to need no registry.
 */
function siteCommand(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const env = { ...process.env, DATABASE_URL: '', SMTP_URL: '', npm_config_offline: 'true' };
    const child = spawn(process.execPath, [join(root, 'bin', 'site.mjs'), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ code, output }));
  });
}

beforeAll(async () => {
  if (!runs) return;
  work = await mkdtemp(join(tmpdir(), 'site-deploy-'));
  dist = join(work, 'dist');
  const build = siteCommand('build', '--out', dist);
  [postgres, smtp] = await Promise.all([startPostgres(), startSmtp()]);
  databaseUrl = await postgres.createDatabase('deploy_emulators');
  const built = await build;
  if (built.code !== 0) throw new Error(`site build failed:\n${built.output}`);
  site = JSON.parse(await readFile(join(dist, 'site.json'), 'utf8')) as SiteManifest;
  const functionsDir = join(dist, 'functions');

  // Registrations but no database: refused before anything is uploaded (this also installs the packages).
  await writeFile(join(functionsDir, '.secret.local'), `SMTP_URL=${smtp.url}\n`);
  refusal = await siteCommand('deploy', '--check', '--project', projectId, '--out', dist);
  // The emulators' own files of settings (never uploaded: *.local): the secrets, and the site's
  // own origin on the emulator, which the function is told, never guesses from the Host header.
  hostingPort = await freePort();
  await writeFile(join(functionsDir, '.secret.local'), `SMTP_URL=${smtp.url}\nDATABASE_URL=${databaseUrl}\n`);
  await writeFile(join(functionsDir, '.env.local'), `SITE_ALLOWED_ORIGINS=http://127.0.0.1:${hostingPort}\nSITE_RATE_LIMIT=0\n`);
  prepared = await siteCommand('deploy', '--check', '--project', projectId, '--out', dist);
  if (prepared.code !== 0) throw new Error(`site deploy --check failed:\n${prepared.output}`);
  emulators = await emulatorsExec(dist, { projectId, only: ['hosting', 'functions', 'auth'], offlineLog: join(work, 'offline.log'), hostingPort });
}, 900_000);

afterAll(async () => {
  const code = await emulators?.stop();
  if (emulators) expect(code, `firebase emulators:exec ended with ${code}:\n${emulators.output()}`).toBe(0);
  await postgres?.stop();
  await smtp?.close();
  if (work) await rm(work, { recursive: true, force: true });
}, 120_000);

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${emulators.hosting}${path}`, { redirect: 'manual', headers });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${emulators.hosting}${path}`, { method: 'POST', redirect: 'manual', headers: { origin: emulators.hosting, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const htmlLang = async (response: Response) => /<html[^>]*\blang="(\w+)"/.exec(await response.text())?.[1];

describe.runIf(runs)('the built site deployed on the Firebase emulators (Hosting + Functions + Auth, offline, PostgreSQL)', () => {
  test('site deploy --check refuses registrations without a database, before any upload, and passes with one', () => {
    expect(refusal.code).toBe(1);
    expect(refusal.output).toContain('error DEPLOY_SECRET_MISSING');
    expect(refusal.output).toContain('The function needs DATABASE_URL (the site takes event registrations');
    expect(refusal.output).not.toContain('SMTP_URL (every form');
    expect(prepared.output).toMatch(/runtime nodejs\d+: firebase-tools deploys it/);
    expect(prepared.output).toContain('functions load as Firebase loads them; secrets SMTP_URL, DATABASE_URL: set');
  });

  test('pages in their three path variants', async () => {
    const dutch = await get('/kampen');
    expect(dutch.status).toBe(200);
    expect(dutch.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(dutch.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const page = await dutch.text();
    const english = /<link[^>]+hreflang="en"[^>]+href="https?:\/\/[^/"]+(\/[^"]*)"/i.exec(page)?.[1] ?? '/en/?';
    for (const [path, lang] of [['/nl/kampen', 'nl'], [english, 'en'], ['/', 'nl'], ['/nl', 'nl'], ['/en', 'en']] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await htmlLang(response), path).toBe(lang);
    }
    expect((await get('/kampen/')).headers.get('location')).toMatch(/\/kampen$/);
  });

  test('404 in the language of the path', async () => {
    for (const [path, lang] of [['/bestaat-niet', 'nl'], ['/nl/bestaat-niet', 'nl'], ['/en/does-not-exist', 'en']] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await htmlLang(response), path).toBe(lang);
    }
  });

  test('legacy paths redirect as the redirect map says', async () => {
    const { redirects } = JSON.parse(await readFile(join(dist, 'redirects.json'), 'utf8')) as { redirects: Array<{ from: string; to: string; status: number }> };
    const legacy = ['/clinic-25', '/nl/principles', '/en/bieb', '/lesthemas', '/ltc-de-kei/'];
    for (const path of legacy) {
      const rule = redirects.find((candidate) => candidate.from === path);
      expect(rule, `${path} in redirects.json`).toBeDefined();
      const response = await get(path);
      expect(response.status, path).toBe(rule?.status);
      expect(new URL(response.headers.get('location') ?? '', emulators.hosting).pathname, path).toBe(rule?.to);
    }
  });

  test('sign-in: the __session cookie (HttpOnly, Secure) reaches the client; the session is signed in and private', async () => {
    const user = await signUp({ host: emulators.authHost, projectId, stop: async () => {} }, `deploy-${process.pid}@example.nl`);
    const session = await post('/api/__session', { token: user.idToken });
    expect(session.status).toBe(200);
    expect(session.headers.get('cache-control')).toBe('private, no-store');
    const [cookie] = session.headers.getSetCookie();
    expect(cookie).toMatch(/^__session=[\w.-]+; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly; Secure$/);
    const sessionCookie = (cookie ?? '').split(';')[0] as string;

    const mine = await get('/api/registrations', { cookie: sessionCookie });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await mine.json()).toMatchObject({ signedIn: true, profile: { email: `deploy-${process.pid}@example.nl` } });

    // Sign up for an event that is open now, and cancel: both in PostgreSQL.
    const event = site.events.find((candidate) => eventStateAt(candidate) === 'open') as EventFacts;
    expect(event, 'an event open for sign-up in the built site').toBeDefined();
    const answers = Object.fromEntries(
      event.questions.nl.filter((question) => question.required).map((question) => [question.id, question.type === 'number' ? (question.min ?? 1) : question.type === 'select' ? question.options?.[0] : 'ja']),
    );
    const signUpBody = { event: event.id, locale: 'nl', firstName: 'Dewi', surname: 'Hosting', email: `deploy-${process.pid}@example.nl`, participant: 'Dewi', answers };
    const created = await post('/api/registrations', signUpBody, { cookie: sessionCookie });
    expect(created.status, await created.clone().text()).toBe(201);
    const { registration } = (await created.json()) as { registration: { id: string } };
    const cancelled = await post(`/api/registrations/${registration.id}/cancel`, {}, { cookie: sessionCookie });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(((await cancelled.json()) as { registration: { status: string } }).registration.status).toBe('cancelled');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ status: string }>('SELECT status FROM registrations WHERE id = $1', [registration.id]);
      expect(rows).toEqual([{ status: 'cancelled' }]);
    } finally {
      await client.end();
    }
  });

  test('places keep their shared cache (s-maxage) behind Hosting', async () => {
    const places = await get('/api/registrations/places');
    expect(places.status).toBe(200);
    expect(places.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=15');
    expect(places.headers.get('set-cookie')).toBeNull();
  });

  test('a contact form from the site\'s own origin is accepted and mailed; another origin is refused', async () => {
    const sent = await post('/mail/send-new', forms.contact);
    expect(sent.status, await sent.clone().text()).toBe(200);
    await expect.poll(() => smtp.received.some((mail) => mail.envelope.to.includes(site.officeEmail)), { timeout: 30_000 }).toBe(true);
    const foreign = await post('/mail/send-new', forms.contact, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
  });

  test('nothing beyond this machine was needed', async () => {
    // What firebase-tools tries on its own (its news, the newest SDK) fails offline and changes nothing.
    const attempts = await emulators.attempts();
    const unexpected = attempts.filter((line) => !/firebase-tools\/lib\/bin\/firebase\.js emulators:exec: (connect|lookup) [\w.-]*(firebaseio\.com|google\.internal|googleapis\.com)\b/.test(line));
    expect(unexpected, attempts.join('\n')).toEqual([]);
  });
});
