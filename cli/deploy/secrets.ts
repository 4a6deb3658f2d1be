import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFirebase } from './firebase-cli.ts';

/**
 * Whether the secrets the function asks for have a value where it will run: for a `demo-` project
 * (the emulators) in functions/.secret.local or the environment, as the Functions emulator reads
 * them; for a real project in Cloud Secret Manager, asked through firebase-tools.
 */
export type SecretState = { state: 'set' } | { state: 'missing' } | { state: 'unknown'; problem: string };

export const SECRET_FILE = '.secret.local';

/** KEY=value lines (dotenv), comments and blank values left out. */
export function parseDotenv(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trimStart().startsWith('#')) continue;
    const value = (match[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
    if (value !== '') values.set(match[1] as string, value);
  }
  return values;
}

export async function emulatorSecrets(
  functionsDir: string,
  names: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<Map<string, SecretState>> {
  const local = parseDotenv(await readFile(join(functionsDir, SECRET_FILE), 'utf8').catch(() => ''));
  return new Map(
    names.map((name) => [name, local.has(name) || env[name]?.trim() ? { state: 'set' } : { state: 'missing' }]),
  );
}

/** One secret of a real project: `firebase functions:secrets:get` lists its versions, or says it has none. */
export async function projectSecret(cwd: string, projectId: string, name: string): Promise<SecretState> {
  const result = await runFirebase(
    ['functions:secrets:get', name, '--project', projectId, '--json', '--non-interactive'],
    { cwd, timeoutMs: 60_000 },
  ).catch((error: Error) => ({ code: 1, stdout: '', stderr: error.message }));
  let answer: { status?: string; result?: { secrets?: Array<{ state?: string }> }; error?: string } = {};
  try {
    answer = JSON.parse(result.stdout) as typeof answer;
  } catch {
    // Not JSON: the reason is in stderr.
  }
  if (result.code === 0 && answer.status === 'success') {
    return answer.result?.secrets?.some((version) => version.state === 'ENABLED')
      ? { state: 'set' }
      : { state: 'missing' };
  }
  const reason = (answer.error ?? result.stderr).trim().split('\n')[0] || `exit code ${result.code}`;
  return /not ?found|NOT_FOUND|404/i.test(reason) ? { state: 'missing' } : { state: 'unknown', problem: reason };
}
