import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { problem, SiteError } from '../errors/site-error.ts';
import { packageRoot } from '../paths.ts';

/** The pinned firebase-tools of this project (never a global `firebase` of another version). */
export function firebaseCliPath(): string {
  try {
    return createRequire(join(packageRoot(), 'package.json')).resolve('firebase-tools/lib/bin/firebase.js');
  } catch {
    throw new SiteError([problem('FIREBASE_TOOLS_MISSING', { needed: '`site deploy` runs firebase-tools' })]);
  }
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `firebase <args>` in `cwd`: its output captured, or shown as it comes (a deploy asks questions). */
export function runFirebase(
  args: string[],
  options: { cwd: string; show?: boolean; timeoutMs?: number },
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [firebaseCliPath(), ...args], {
      cwd: options.cwd,
      env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
      stdio: options.show ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
