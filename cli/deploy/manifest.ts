import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The functions loaded the way firebase-tools loads them before a deploy: the firebase-functions
 * SDK's own program, run with the host's Node in dist/functions, writes what it found (endpoints,
 * their options and secrets). A folder that does not load fails here, not halfway through a deploy.
 */
export interface FunctionsManifest {
  endpoints: Record<
    string,
    {
      region?: string[];
      httpsTrigger?: unknown;
      secretEnvironmentVariables?: Array<{ key: string }>;
      [field: string]: unknown;
    }
  >;
  params?: Array<{ name: string; type: string }>;
}

const LOAD_TIMEOUT_MS = 60_000;

export async function loadFunctionsManifest(functionsDir: string, projectId: string): Promise<FunctionsManifest> {
  const dir = await mkdtemp(join(tmpdir(), 'site-functions-manifest-'));
  const output = join(dir, 'manifest.json');
  try {
    await new Promise<void>((resolve, reject) => {
      // What firebase-tools hands the SDK: the project, and nothing of this shell's secrets.
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        GCLOUD_PROJECT: projectId,
        FIREBASE_CONFIG: JSON.stringify({ projectId }),
        FUNCTIONS_MANIFEST_OUTPUT_PATH: output,
      };
      const child = spawn(process.execPath, [join(functionsDir, 'node_modules', '.bin', 'firebase-functions')], {
        cwd: functionsDir,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: LOAD_TIMEOUT_MS,
      });
      let errors = '';
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code, signal) => {
        if (code === 0) resolve();
        else
          reject(
            new Error(
              signal
                ? `no answer within ${LOAD_TIMEOUT_MS / 1000} s`
                : errors.trim().split('\n').slice(0, 6).join('\n') || `exit code ${code}`,
            ),
          );
      });
    });
    return JSON.parse(await readFile(output, 'utf8')) as FunctionsManifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
