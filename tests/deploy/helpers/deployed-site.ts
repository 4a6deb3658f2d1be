import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { SiteManifest } from '../../../shared/site-manifest.ts';
import { freePort } from '../../functions/helpers/firebase-emulator.ts';
import { startSmtp, type TestSmtp } from '../../functions/helpers/smtp.ts';
import { startPostgres, type TestPostgres } from '../../registrations/helpers/postgres.ts';
import { copyOfBuiltSite } from '../../helpers/islands-site.ts';
import { emulatorsExec, type EmulatorsRun } from './emulators-exec.ts';

/**
 * The site as an organisation deploys it, on the Firebase emulators instead of Google: the real
 * dist/ of `npx site build` (a copy of the build the browser suites share: one build less in CI),
 * prepared with `npx site deploy --check` (the one documented step before
 * a deploy), run by `firebase emulators:exec --only hosting,functions,auth` offline, with
 * DATABASE_URL on a PostgreSQL of its own and SMTP_URL on a real SMTP server on loopback.
 * Shared by tests/deploy/firebase-emulators.test.ts and bench/firebase-function.mjs.
 */
export interface DeployedSite {
  dist: string;
  site: SiteManifest;
  smtp: TestSmtp;
  databaseUrl: string;
  emulators: EmulatorsRun;
  /** `site deploy --check` before DATABASE_URL was set (the site takes registrations). */
  refusal: CommandResult;
  /** `site deploy --check` with every secret set. */
  prepared: CommandResult;
  /** Stops everything; resolves with `firebase emulators:exec`'s exit code. */
  stop(): Promise<number | null | undefined>;
}

export interface CommandResult {
  code: number | null;
  output: string;
}

const root = resolve(import.meta.dirname, '../../..');

/**
 * The CLI as a user runs it. npm offline: the functions' packages must come from npm's cache
 * (filled by `npm ci` of this project), so the preparation is shown to need no registry.
 */
export function siteCommand(...args: string[]): Promise<CommandResult> {
  return new Promise((done) => {
    const env = { ...process.env, DATABASE_URL: '', SMTP_URL: '', npm_config_offline: 'true' };
    const child = spawn(process.execPath, [join(root, 'bin', 'site.mjs'), ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ code, output }));
  });
}

export async function deploySiteOnEmulators(projectId: string): Promise<DeployedSite> {
  const work = await mkdtemp(join(tmpdir(), 'site-deploy-'));
  const dist = join(work, 'dist');
  let postgres: TestPostgres | undefined;
  let smtp: TestSmtp | undefined;
  let emulators: EmulatorsRun | undefined;
  const stop = async () => {
    const code = await emulators?.stop();
    await postgres?.stop();
    await smtp?.close();
    await rm(work, { recursive: true, force: true });
    return code;
  };
  try {
    const built = copyOfBuiltSite(dist);
    [postgres, smtp] = await Promise.all([startPostgres(), startSmtp()]);
    const databaseUrl = await postgres.createDatabase('deploy_emulators');
    await built;
    const site = JSON.parse(await readFile(join(dist, 'site.json'), 'utf8')) as SiteManifest;
    const functionsDir = join(dist, 'functions');

    // Registrations but no database: refused before anything is uploaded (this also installs the packages).
    await writeFile(join(functionsDir, '.secret.local'), `SMTP_URL=${smtp.url}\n`);
    const refusal = await siteCommand('deploy', '--check', '--project', projectId, '--out', dist);
    // The emulators' own files of settings (never uploaded: *.local): the secrets, and the site's
    // own origin on the emulator, which the function is told, never guesses from the Host header.
    const hostingPort = await freePort();
    await writeFile(join(functionsDir, '.secret.local'), `SMTP_URL=${smtp.url}\nDATABASE_URL=${databaseUrl}\n`);
    await writeFile(
      join(functionsDir, '.env.local'),
      `SITE_ALLOWED_ORIGINS=http://127.0.0.1:${hostingPort}\nSITE_RATE_LIMIT=0\n`,
    );
    const prepared = await siteCommand('deploy', '--check', '--project', projectId, '--out', dist);
    if (prepared.code !== 0) throw new Error(`site deploy --check failed:\n${prepared.output}`);
    emulators = await emulatorsExec(dist, {
      projectId,
      only: ['hosting', 'functions', 'auth'],
      offlineLog: join(work, 'offline.log'),
      hostingPort,
    });
    return { dist, site, smtp, databaseUrl, emulators, refusal, prepared, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
