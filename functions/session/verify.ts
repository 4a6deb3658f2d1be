import type { App } from 'firebase-admin/app';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { parseCookies } from '../cookies.ts';
import type { FunctionEnv } from '../types.ts';

/**
 * ID-token verification with firebase-admin. The token itself is the `__session` value: Firebase
 * Hosting forwards only that cookie to functions, and a verified ID token is what every function
 * needs to know who is asking. firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST itself.
 */
export const SESSION_COOKIE = '__session';

export type VerifyResult =
  | { ok: true; token: DecodedIdToken }
  | { ok: false; reason: 'invalid'; code: string }
  | { ok: false; reason: 'unavailable'; error: unknown };

let firebaseAdmin: Promise<[typeof import('firebase-admin/app'), typeof import('firebase-admin/auth')]> | undefined;

/**
 * firebase-admin and what it brings (about 400 files: google-auth-library, jose, jwks-rsa) load
 * with the first token to check, not with every command that imports the functions' routes:
 * `site build` reads the route table and checks no token. `site serve` calls this before it
 * listens, so no visitor waits for the loading.
 */
export const loadTokenVerifier = () =>
  (firebaseAdmin ??= Promise.all([import('firebase-admin/app'), import('firebase-admin/auth')]));

async function auth(projectId: string) {
  const [{ getApps, initializeApp }, { getAuth }] = await loadTokenVerifier();
  const name = `site-${projectId}`;
  const app: App = getApps().find((candidate) => candidate.name === name) ?? initializeApp({ projectId }, name);
  return getAuth(app);
}

/** Auth errors about the token (expired, revoked, malformed, disabled user) vs. faults on our side. */
function tokenProblem(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('auth/')) return undefined;
  return ['auth/internal-error', 'auth/invalid-credential', 'auth/insufficient-permission'].includes(code)
    ? undefined
    : code;
}

export async function verifyIdToken(token: string, env: Pick<FunctionEnv, 'session'>): Promise<VerifyResult> {
  try {
    const decoded = await (await auth(env.session.projectId)).verifyIdToken(token, env.session.checkRevoked);
    return { ok: true, token: decoded };
  } catch (error) {
    const code = tokenProblem(error);
    return code ? { ok: false, reason: 'invalid', code } : { ok: false, reason: 'unavailable', error };
  }
}

/** A `__session` cookie that could not be checked: Auth (or its keys) could not be reached. */
export class SessionUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`the session could not be verified: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'SessionUnavailableError';
  }
}

/**
 * Who is asking, for functions that need a signed-in user (registrations): the verified
 * `__session` token, or null when there is none or it does not verify (expired, revoked). When
 * it cannot be checked at all it throws SessionUnavailableError: treating a signed-in visitor as
 * a guest while Auth is down would file their sign-up under nobody (issue 11).
 */
export async function readSession(request: Request, env: Pick<FunctionEnv, 'session'>): Promise<DecodedIdToken | null> {
  const token = parseCookies(request.headers.get('cookie')).get(SESSION_COOKIE);
  if (!token) return null;
  const result = await verifyIdToken(token, env);
  if (result.ok) return result.token;
  if (result.reason === 'unavailable') throw new SessionUnavailableError(result.error);
  return null;
}
