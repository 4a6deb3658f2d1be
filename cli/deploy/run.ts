import { join } from 'node:path';
import { problem, SiteError, type Problem } from '../errors/site-error.ts';
import { firebaseRuntimes } from '../build/firebase-runtime.ts';
import { requiredSecrets, type SecretName } from '../../functions/firebase/config.ts';
import {
  headerProblems,
  hostingMatcher,
  manifestProblems,
  readDeployDist,
  runtimeProblems,
  secretProblems,
} from './checks.ts';
import { firebaseCliPath, runFirebase } from './firebase-cli.ts';
import { loadFunctionsManifest } from './manifest.ts';
import { prepareFunctions } from './prepare.ts';
import { emulatorSecrets, projectSecret, type SecretState } from './secrets.ts';

/**
 * `site deploy`: make dist/functions loadable, check everything Firebase would refuse (or get
 * wrong) before any upload, then `firebase deploy` from dist/. With `check`, stop before the deploy.
 */
export interface DeployOptions {
  root: string;
  dist: string;
  project: string | undefined;
  check: boolean;
  /** Progress lines (stderr). */
  say: (line: string) => void;
  /** Warnings that do not stop the deploy. */
  warn: (problems: Problem[]) => void;
}

export interface DeployOutcome {
  project: string;
  runtime: string | undefined;
  secrets: SecretName[];
  deployed: boolean;
}

async function secretStates(
  functionsDir: string,
  dist: string,
  project: string,
  names: SecretName[],
): Promise<Map<SecretName, SecretState>> {
  if (project.startsWith('demo-')) return (await emulatorSecrets(functionsDir, names)) as Map<SecretName, SecretState>;
  return new Map(
    await Promise.all(names.map(async (name) => [name, await projectSecret(dist, project, name)] as const)),
  );
}

export async function runDeploy(options: DeployOptions): Promise<DeployOutcome> {
  const dist = await readDeployDist(options.dist);
  const project = options.project ?? dist.site.firebase?.projectId;
  if (!project) throw new SiteError([problem('DEPLOY_PROJECT_MISSING')]);
  if (!options.check && project.startsWith('demo-')) throw new SiteError([problem('DEPLOY_DEMO_PROJECT', { project })]);
  const table = firebaseRuntimes();
  if (!table)
    throw new SiteError([
      problem('FIREBASE_TOOLS_MISSING', { needed: '`site deploy` checks the runtime against firebase-tools' }),
    ]);

  // Checks of what the build wrote come first: they need nothing installed.
  const written = [...runtimeProblems(dist, table), ...headerProblems(dist, hostingMatcher(firebaseCliPath()))];
  if (written.length) throw new SiteError(written);
  const runtime = dist.firebase.functions?.[0]?.runtime;
  options.say(`runtime ${runtime}: firebase-tools deploys it`);

  const prepared = await prepareFunctions(dist.functionsDir, join(options.root, '.site', 'functions-modules'));
  options.say(
    `functions packages: ${prepared.installed ? 'installed with npm ci' : 'reused'} from their package-lock.json (${prepared.ms} ms)`,
  );
  const manifest = await loadFunctionsManifest(dist.functionsDir, project).catch((error: Error) => {
    throw new SiteError([problem('DEPLOY_FUNCTIONS_NOT_LOADING', { dir: dist.functionsDir, problem: error.message })]);
  });
  const names = requiredSecrets(dist.site);
  const states = await secretStates(dist.functionsDir, dist.dir, project, names);
  const problems = [...manifestProblems(dist, manifest), ...secretProblems(dist, project, states)];
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length) throw new SiteError(problems);
  if (problems.length) options.warn(problems);
  options.say(
    `functions load as Firebase loads them; secrets ${names.join(', ')}: ${[...states.values()].every((s) => s.state === 'set') ? 'set' : 'see above'}`,
  );

  if (options.check) return { project, runtime, secrets: names, deployed: false };
  const command = ['deploy', '--only', 'hosting,functions', '--project', project];
  const result = await runFirebase(command, { cwd: dist.dir, show: true });
  if (result.code !== 0)
    throw new SiteError([problem('DEPLOY_FAILED', { command: command.join(' '), code: result.code })]);
  return { project, runtime, secrets: names, deployed: true };
}
