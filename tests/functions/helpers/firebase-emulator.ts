import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Firebase emulators (firebase-tools, offline: the UI is off, ports are our own so a
 * colleague's emulator on 9099 does not clash). When the run is already wrapped in
 * `firebase emulators:exec --only auth` (FIREBASE_AUTH_EMULATOR_HOST is set), that one is used.
 */
export interface AuthEmulator {
  host: string;
  projectId: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

class EmulatorExited extends Error {}

// firebase-tools needs about 12 s of CPU to start; on a busy 2-core machine that is 40 s or more.
const START_TIMEOUT_MS = 100_000;

async function waitUntilUp(
  ready: () => Promise<boolean>,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new EmulatorExited(`Firebase emulator exited (${child.exitCode}):\n${output()}`);
    if (await ready()) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`Firebase emulator did not start within ${timeoutMs} ms:\n${output()}`);
}

export interface RunningEmulator {
  /** host:port of the emulated service. */
  host: string;
  stop(): Promise<void>;
}

/**
 * One firebase-tools emulator (`auth` or `hosting`) in `cwd`, on free loopback ports, with the
 * given firebase.json (its `emulators` section is replaced), until stop().
 */
type EmulatorOptions = {
  cwd: string;
  config?: Record<string, unknown>;
  projectId?: string;
  /** The emulated service's port; a free one when absent (a given one starts an emulator again where a stopped one was). */
  port?: number;
  ready: (host: string) => Promise<boolean>;
};

export async function startFirebaseEmulator(
  only: 'auth' | 'hosting',
  options: EmulatorOptions,
): Promise<RunningEmulator> {
  // A free port can be taken between our probe and the emulator's bind (other suites start
  // servers in parallel); the emulator then exits at once, and one retry with fresh ports follows.
  try {
    return await startOnce(only, options);
  } catch (error) {
    if (!(error instanceof EmulatorExited)) throw error;
    process.stderr.write(`Firebase ${only} emulator exited at start, retrying once: ${error.message}\n`);
    return startOnce(only, options);
  }
}

async function startOnce(only: 'auth' | 'hosting', options: EmulatorOptions): Promise<RunningEmulator> {
  const [port, hub, logging] = [options.port ?? (await freePort()), await freePort(), await freePort()];
  const emulators = {
    [only]: { host: '127.0.0.1', port },
    hub: { host: '127.0.0.1', port: hub },
    logging: { host: '127.0.0.1', port: logging },
    ui: { enabled: false },
  };
  await writeFile(join(options.cwd, 'firebase.json'), JSON.stringify({ ...options.config, emulators }));
  const cli = resolve('node_modules/firebase-tools/lib/bin/firebase.js');
  const child = spawn(
    process.execPath,
    [cli, 'emulators:start', '--only', only, '--project', options.projectId ?? uniqueProjectId()],
    {
      cwd: options.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    },
  );
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const host = `127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((done) => child.once('exit', done));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
  };
  try {
    await waitUntilUp(
      () => options.ready(host),
      child,
      () => log,
      START_TIMEOUT_MS,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { host, stop };
}

/**
 * firebase-tools keeps one hub locator file per project id (in the temp folder), so two emulators
 * of one project id at the same time (two test files, a colleague's run) get in each other's way.
 * The `demo-` prefix keeps firebase-tools offline.
 */
export const uniqueProjectId = () => `demo-site-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

const authReady = (projectId: string) => (host: string) =>
  fetch(`http://${host}/emulator/v1/projects/${projectId}/config`).then(
    (r) => r.ok,
    () => false,
  );

/**
 * A stopped emulator takes its host out of the process's environment: test files that share a
 * process (the 'shared' project, not isolated) run one after another, and the next file's
 * startAuthEmulator would otherwise take the stopped one's host for a wrapping emulator's and get
 * ECONNREFUSED (services-mail after mail-relay in one worker).
 */
function leaveHost(host: string) {
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST === host) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
}

export async function startAuthEmulator(projectId = uniqueProjectId()): Promise<AuthEmulator> {
  const existing = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (existing) return { host: existing, projectId: process.env.GCLOUD_PROJECT ?? projectId, stop: async () => {} };
  const dir = await mkdtemp(join(tmpdir(), 'site-auth-emulator-'));
  const emulator = await startFirebaseEmulator('auth', { cwd: dir, projectId, ready: authReady(projectId) });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  return {
    host: emulator.host,
    projectId,
    async stop() {
      leaveHost(emulator.host);
      await emulator.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * An Auth emulator of the test's own (never one the run is wrapped in) that goes down and comes
 * back on the same port: `down()` stops it, `up()` starts it again. Like any restart of the
 * emulator, it comes back without the users it had.
 */
export interface RestartableAuthEmulator extends AuthEmulator {
  down(): Promise<void>;
  up(): Promise<void>;
}

export async function startRestartableAuthEmulator(projectId = uniqueProjectId()): Promise<RestartableAuthEmulator> {
  const dir = await mkdtemp(join(tmpdir(), 'site-auth-emulator-'));
  let running = await startFirebaseEmulator('auth', { cwd: dir, projectId, ready: authReady(projectId) });
  const port = Number(running.host.split(':').pop());
  process.env.FIREBASE_AUTH_EMULATOR_HOST = running.host;
  return {
    host: running.host,
    projectId,
    down: () => running.stop(),
    async up() {
      running = await startFirebaseEmulator('auth', { cwd: dir, projectId, port, ready: authReady(projectId) });
    },
    async stop() {
      leaveHost(running.host);
      await running.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A real user in the emulator, signed in: its ID token as the browser SDK would hold it. With
 * `verified`, the address is marked verified first (as its owner's click on the mail link would).
 * The token is always that of a sign-in after the sign-up: the emulator's sign-up token carries
 * the request's start as auth_time but marks tokens valid only from a moment later, so when a
 * second ends in between, firebase-admin calls the sign-up token revoked (a 401 seen in CI).
 */
export async function signUp(
  emulator: AuthEmulator,
  email: string,
  projectKey = 'any',
  options: { verified?: boolean } = {},
): Promise<{ idToken: string; localId: string }> {
  const password = 'secret-password-1';
  const call = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`http://${emulator.host}/identitytoolkit.googleapis.com/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as { idToken: string; localId: string };
  };
  const user = await call(`accounts:signUp?key=${projectKey}`, { email, password, returnSecureToken: true });
  // The emulator takes the admin API with the bearer token "owner".
  if (options.verified)
    await call(
      `projects/${emulator.projectId}/accounts:update`,
      { localId: user.localId, emailVerified: true },
      { authorization: 'Bearer owner' },
    );
  return call(`accounts:signInWithPassword?key=${projectKey}`, { email, password, returnSecureToken: true });
}
