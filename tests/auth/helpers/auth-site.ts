import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../../cli/serve/server.ts';
import { launchBrowser } from '../../helpers/browser.ts';
import { startAuthEmulator, type AuthEmulator } from '../../functions/helpers/firebase-emulator.ts';

const root = resolve(import.meta.dirname, '../../..');

export interface AuthSite {
  /** The build the server serves. */
  dist: string;
  url: string;
  emulator: AuthEmulator;
  /** firebase-admin against the emulator: to look users up, disable them, read what the tests did. */
  admin: Auth;
  browser: Browser;
  server: RunningServer;
  /** What the functions logged (session refusals show here). */
  logs: string[];
  stop(): Promise<void>;
}

/**
 * The whole identity stack, real parts only: a Firebase Auth emulator (firebase-tools, offline),
 * the site built by `site build` with SITE_AUTH_EMULATOR pointing its pages there, `site serve`
 * with the real POST/GET /api/__session (firebase-admin verifies against the same emulator), and
 * Chromium. The build is this suite's own: the emulator's port is in its pages.
 */
export async function startAuthSite(): Promise<AuthSite> {
  const emulator = await startAuthEmulator();
  const tmp = await mkdtemp(join(tmpdir(), 'site-auth-'));
  const dist = join(tmp, 'dist');
  try {
    await promisify(execFile)(process.execPath, ['bin/site.mjs', 'build', '--out', dist], {
      cwd: root,
      env: { ...process.env, SITE_AUTH_EMULATOR: emulator.host },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    // A failed build must not leave the emulator running behind a failed suite.
    await emulator.stop();
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
  const logs: string[] = [];
  // startAuthEmulator has set FIREBASE_AUTH_EMULATOR_HOST in this process: firebase-admin and the CSP read it.
  const server = await startServer({
    dist,
    port: 0,
    host: '127.0.0.1',
    env: {
      ...process.env,
      FIREBASE_PROJECT_ID: emulator.projectId,
      SITE_RATE_LIMIT: '0',
      SITE_OUTBOX: join(tmp, 'outbox'),
    },
    root: tmp,
    log: (line) => logs.push(line),
  });
  const browser = await launchBrowser();
  const name = `auth-tests-${emulator.projectId}`;
  const app =
    getApps().find((candidate) => candidate.name === name) ?? initializeApp({ projectId: emulator.projectId }, name);
  return {
    dist,
    url: server.url,
    emulator,
    admin: getAuth(app),
    browser,
    server,
    logs,
    async stop() {
      await browser.close();
      await server.close(500);
      await emulator.stop();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * Console errors and page errors, except the failed requests these tests cause on purpose: the
 * emulator answers a wrong password with 400 and the password policy (which it does not have)
 * with 501; a refused session is a 401.
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const text = message.text();
    if (/Failed to load resource: the server responded with a status of (400|401|501)/.test(text)) return;
    problems.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

export async function openPage(context: BrowserContext, path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(path, { waitUntil: 'load' });
  return { page, problems };
}

/** The login island, hydrated (the loader marks it). */
export const loginReady = (page: Page) =>
  page.locator('site-island[data-island="login"][data-state="hydrated"]').waitFor({ state: 'attached' });

/** A user made through the emulator's REST API, as a visitor who signed up earlier. */
export async function createUser(
  site: AuthSite,
  email: string,
  password: string,
  displayName?: string,
): Promise<string> {
  const user = await site.admin.createUser({ email, password, ...(displayName ? { displayName } : {}) });
  return user.uid;
}

export const uniqueEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.nl`;

/** The __session cookie of a context, if any. */
export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === '__session');
}
