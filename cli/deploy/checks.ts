import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { problem, SiteError, type Problem } from '../errors/site-error.ts';
import { runtimeRefusal, type RuntimeTable } from '../build/firebase-runtime.ts';
import { routes } from '../../functions/index.ts';
import { FIREBASE_FUNCTION, requiredSecrets, SECRETS, type SecretName } from '../../functions/firebase/config.ts';
import { siteManifestSchema, type SiteManifest } from '../../shared/site-manifest.ts';
import type { FunctionsManifest } from './manifest.ts';
import { SECRET_FILE, type SecretState } from './secrets.ts';

/** What `site deploy` checks before anything is uploaded, each check a function of what the build wrote. */
export interface HostingHeaderRule {
  source?: string;
  regex?: string;
  glob?: string;
}

export interface DeployDist {
  dir: string;
  firebase: { hosting?: { headers?: HostingHeaderRule[] }; functions?: Array<{ source?: string; runtime?: string }> };
  functionsDir: string;
  engines: string | undefined;
  site: SiteManifest;
}

async function readJson(dist: string, file: string): Promise<unknown> {
  const text = await readFile(join(dist, file), 'utf8').catch(() => undefined);
  if (text === undefined) throw new SiteError([problem('DIST_NOT_FOUND', { dist, missing: file })]);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SiteError([problem('DIST_INVALID', { file: join(dist, file), problem: (error as Error).message })]);
  }
}

/** dist/ as `site build` wrote it: firebase.json, the functions' package and the site's facts. */
export async function readDeployDist(dir: string): Promise<DeployDist> {
  const firebase = (await readJson(dir, 'firebase.json')) as DeployDist['firebase'];
  const source = firebase.functions?.[0]?.source ?? 'functions';
  const functionsDir = join(dir, source);
  const pkg = (await readJson(dir, join(source, 'package.json'))) as { engines?: { node?: string } };
  await readJson(dir, join(source, 'package-lock.json'));
  const parsed = siteManifestSchema.safeParse(await readJson(dir, 'site.json'));
  if (!parsed.success)
    throw new SiteError([
      problem('DIST_INVALID', {
        file: join(dir, 'site.json'),
        problem: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
      }),
    ]);
  return { dir, firebase, functionsDir, engines: pkg.engines?.node, site: parsed.data };
}

/** The runtime firebase.json asks for (else package.json's engines, as firebase-tools reads them) must be one it deploys. */
export function runtimeProblems(dist: DeployDist, table: RuntimeTable, now = new Date()): Problem[] {
  const fromConfig = dist.firebase.functions?.[0]?.runtime;
  const runtime = fromConfig ?? (dist.engines ? `nodejs${dist.engines}` : undefined);
  const file = fromConfig ? 'firebase.json' : 'functions/package.json';
  if (!runtime)
    return [
      problem('DEPLOY_RUNTIME_REFUSED', {
        file,
        runtime: 'no runtime',
        problem: 'neither firebase.json nor engines.node names one',
      }),
    ];
  const refusal = runtimeRefusal(runtime, table, now);
  return refusal ? [problem('DEPLOY_RUNTIME_REFUSED', { file, runtime, problem: refusal })] : [];
}

/** A path each function route answers: `:id` and a final `*` filled in. */
export const samplePath = (pattern: string): string => pattern.replace(/:[^/]+/g, 'sample-id').replace(/\*$/, 'a/b');

type Matcher = (path: string, rule: HostingHeaderRule) => boolean;

/** The matcher of the pinned firebase-tools' Hosting emulator (superstatic): glob, extglob or RE2 regex. */
export function hostingMatcher(firebaseCli: string): Matcher {
  return (createRequire(firebaseCli)('superstatic/lib/utils/patterns.js') as { configMatcher: Matcher }).configMatcher;
}

/** No header rule of firebase.json may match a function's path: Hosting would put its headers over the function's. */
export function headerProblems(dist: DeployDist, matches: Matcher): Problem[] {
  const paths = [...new Set(routes.map((route) => samplePath(route.pattern)))];
  return (dist.firebase.hosting?.headers ?? []).flatMap((rule) => {
    const hit = paths.find((path) => matches(path, rule));
    return hit
      ? [
          problem('DEPLOY_HEADER_ON_FUNCTION', {
            rule: rule.regex ?? rule.source ?? rule.glob ?? JSON.stringify(rule),
            path: hit,
          }),
        ]
      : [];
  });
}

const why: Record<SecretName, string> = {
  SMTP_URL: 'every form sends mail',
  DATABASE_URL: 'the site takes event registrations, kept in PostgreSQL on Firebase',
};

/** The function as Firebase will see it: the one endpoint behind the rewrites, asking for the secrets the site needs. */
export function manifestProblems(dist: DeployDist, manifest: FunctionsManifest): Problem[] {
  const endpoint = manifest.endpoints[FIREBASE_FUNCTION.functionId];
  const fail = (text: string) => [problem('DEPLOY_FUNCTIONS_NOT_LOADING', { dir: dist.functionsDir, problem: text })];
  if (!endpoint?.httpsTrigger)
    return fail(`it has no HTTPS function "${FIREBASE_FUNCTION.functionId}", which firebase.json's rewrites call`);
  if (!endpoint.region?.includes(FIREBASE_FUNCTION.region))
    return fail(
      `its function runs in ${endpoint.region?.join(', ')}, firebase.json's rewrites call ${FIREBASE_FUNCTION.region}`,
    );
  const declared = new Set((endpoint.secretEnvironmentVariables ?? []).map((secret) => secret.key));
  const undeclared = requiredSecrets(dist.site).filter((name) => !declared.has(name));
  return undeclared.length
    ? fail(`it does not ask for ${undeclared.join(', ')} (${undeclared.map((name) => why[name]).join('; ')})`)
    : [];
}

/** Each secret the site needs must have a value where the function will run. */
export function secretProblems(_dist: DeployDist, projectId: string, states: Map<SecretName, SecretState>): Problem[] {
  const emulator = projectId.startsWith('demo-');
  return [...states].flatMap(([name, state]) => {
    if (state.state === 'set') return [];
    if (state.state === 'unknown')
      return [
        problem(
          'DEPLOY_SECRET_UNCHECKED',
          { project: projectId, name, problem: state.problem },
          { severity: 'warning' },
        ),
      ];
    const fix = emulator
      ? `For the emulators: put ${name}=… in functions/${SECRET_FILE} of the project (the build copies it; firebase.json never uploads *.local), or set ${name} in the environment. ${SECRETS[name]}`
      : `Set it, then deploy again: npx firebase functions:secrets:set ${name} --project ${projectId} (docs/deploy.md#secrets). ${SECRETS[name]}`;
    return [
      problem('DEPLOY_SECRET_MISSING', {
        name,
        why: why[name],
        where: emulator ? `in dist/functions/${SECRET_FILE} or in the environment` : `in project ${projectId}`,
        fix,
      }),
    ];
  });
}
