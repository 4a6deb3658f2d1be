import { readSession, SessionUnavailableError } from '../session/verify.ts';
import type { FunctionEnv } from '../types.ts';

/**
 * The address typed into a form, as the sender's account spells it, when it is proven theirs:
 * they are signed in (`__session`) with that address and Firebase says they verified it. Only
 * there may a mail carrying their own words go; otherwise anyone could make the organisation mail
 * any text to any address (issue 17: the forms relayed mail). Auth out of reach proves nothing.
 */
export async function provenSenderAddress(
  request: Request,
  env: Pick<FunctionEnv, 'session' | 'log'>,
  typed: string,
): Promise<string | undefined> {
  let token: Awaited<ReturnType<typeof readSession>>;
  try {
    token = await readSession(request, env);
  } catch (error) {
    if (!(error instanceof SessionUnavailableError)) throw error;
    env.log(`mail: ${error.message}; no copy to the sender`);
    return undefined;
  }
  const own = token?.email_verified === true && typeof token.email === 'string' ? token.email : undefined;
  return own !== undefined && own.toLowerCase() === typed.toLowerCase() ? own : undefined;
}
