import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { freePort } from '../../functions/helpers/firebase-emulator.ts';

/**
 * `firebase emulators:exec --only <services>` over a built dist/, as an operator runs it before a
 * deploy: the UI off, a `demo-` project, every port our own (free ones), and the run held up by
 * helpers/hold.mjs until stop(), so one start serves a whole test file. Every Node process of the
 * run has the offline guard loaded: what it tries to reach beyond this machine fails and is listed
 * in `attempts()`.
 */
export interface EmulatorsRun {
  /** http://127.0.0.1:port of Hosting. */
  hosting: string;
  /** host:port of the Auth emulator. */
  authHost: string;
  projectId: string;
  output(): string;
  attempts(): Promise<string[]>;
  /** Ends the held command: exec shuts the emulators down. Resolves with exec's exit code. */
  stop(): Promise<number | null>;
}

const START_TIMEOUT_MS = 240_000;
const SERVICES = ['hosting', 'functions', 'auth', 'hub', 'logging', 'eventarc', 'tasks'] as const;

/** Our variables of an outer emulator run (CI wraps the suite in one) or of the shell must not leak in. */
function cleanEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^(FIREBASE_\w+_EMULATOR_HOST|FIREBASE_EMULATOR_HUB|FUNCTIONS_EMULATOR_HOST|GCLOUD_PROJECT|FIREBASE_CONFIG|DATABASE_URL|SMTP_URL|SITE_\w+|NODE_OPTIONS)$/.test(
          name,
        ),
    ),
  );
}

/** `hostingPort`: chosen beforehand when the site's settings must name Hosting's origin. */
export async function emulatorsExec(
  dist: string,
  options: { projectId: string; only: readonly string[]; offlineLog: string; hostingPort?: number },
): Promise<EmulatorsRun> {
  const ports = Object.fromEntries(
    await Promise.all(SERVICES.map(async (service) => [service, await freePort()] as const)),
  ) as Record<(typeof SERVICES)[number], number>;
  if (options.hostingPort) ports.hosting = options.hostingPort;
  const configFile = join(dist, 'firebase.json');
  const config = JSON.parse(await readFile(configFile, 'utf8')) as Record<string, unknown>;
  const emulators = {
    ...Object.fromEntries(SERVICES.map((service) => [service, { host: '127.0.0.1', port: ports[service] }])),
    ui: { enabled: false },
  };
  await writeFile(configFile, JSON.stringify({ ...config, emulators }, null, 2));
  await writeFile(options.offlineLog, '');

  const cli = resolve('node_modules/firebase-tools/lib/bin/firebase.js');
  const hold = `"${process.execPath}" "${resolve(import.meta.dirname, 'hold.mjs')}"`;
  const child = spawn(
    process.execPath,
    [cli, 'emulators:exec', '--only', options.only.join(','), '--project', options.projectId, hold],
    {
      cwd: dist,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        ...cleanEnvironment(),
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
        NODE_OPTIONS: `--require ${resolve(import.meta.dirname, 'offline-guard.cjs')}`,
        SITE_OFFLINE_LOG: options.offlineLog,
        // The Functions emulator asks npm for the newest firebase-functions: offline, npm answers from its cache or not at all, at once.
        npm_config_offline: 'true',
      },
    },
  );
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  const ready = await new Promise<Record<string, string>>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`the emulators did not start within ${START_TIMEOUT_MS / 1000} s:\n${log}`)),
      START_TIMEOUT_MS,
    );
    const look = () => {
      const line = /EMULATORS-READY (\{.*\})/.exec(log);
      if (!line) return;
      clearTimeout(timer);
      child.stdout.off('data', look);
      done(JSON.parse(line[1] as string) as Record<string, string>);
    };
    child.stdout.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`firebase emulators:exec ended (${code}) before the emulators were up:\n${log}`));
    });
  });

  return {
    hosting: `http://127.0.0.1:${ports.hosting}`,
    authHost: ready.FIREBASE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${ports.auth}`,
    projectId: options.projectId,
    output: () => log,
    attempts: async () => (await readFile(options.offlineLog, 'utf8')).split('\n').filter(Boolean),
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.stdin.end();
      const code = await Promise.race([exited, new Promise<'late'>((done) => setTimeout(() => done('late'), 30_000))]);
      if (code !== 'late') return code;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
      return null;
    },
  };
}
