import { timingSafeEqual } from 'node:crypto';
import { HttpError } from '../http.ts';
import { readSession, SessionUnavailableError } from '../session/verify.ts';
import type { Locale } from '../../shared/locale.ts';
import type { FunctionEnv } from '../types.ts';
import { say } from './copy.ts';
import type { Registration } from './types.ts';

/** A signed-in visitor, from the verified `__session` cookie (issue 6). */
export interface Visitor {
  uid: string;
  /** Only a verified address: anyone can sign up with any address, but not verify it. */
  verifiedEmail: string | undefined;
  name: string | undefined;
  email: string | undefined;
}

/**
 * The visitor of a request with a valid session; null for a guest (or a session that expired).
 * A session that cannot be checked (Auth unreachable) is a 503: the visitor retries, rather than
 * being served, or signed up, as a guest.
 */
export async function signedInVisitor(
  request: Request,
  env: Pick<FunctionEnv, 'session' | 'log'>,
  locale: Locale,
): Promise<Visitor | null> {
  let token: Awaited<ReturnType<typeof readSession>>;
  try {
    token = await readSession(request, env);
  } catch (error) {
    if (!(error instanceof SessionUnavailableError)) throw error;
    env.log(`registrations: ${error.message}`);
    throw new HttpError(503, say[locale].sessionUnavailable, undefined, { 'retry-after': '30' });
  }
  if (!token) return null;
  const email = typeof token.email === 'string' ? token.email : undefined;
  const name = typeof token.name === 'string' ? token.name : undefined;
  return { uid: token.uid, verifiedEmail: token.email_verified === true ? email : undefined, name, email };
}

/**
 * The link token of a request. A header (`X-Registration-Token`), never the query string: the
 * page reads it from the link's #fragment, which no server, log or Referer ever sees.
 */
export function requestToken(request: Request): string | undefined {
  const token = request.headers.get('x-registration-token')?.trim();
  return token ? token : undefined;
}

function sameToken(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may see and cancel a registration: the holder of its mail link, the signed-in visitor who
 * made it, or a signed-in visitor whose verified address it was made for. Everyone else is told
 * it does not exist (404), so ids cannot even be probed.
 */
export function mayAccess(registration: Registration, visitor: Visitor | null, token: string | undefined): boolean {
  if (mayConfirm(registration, visitor, token)) return true;
  return visitor !== null && registration.userUid !== null && registration.userUid === visitor.uid;
}

/**
 * Who proves the registration's address, and so may confirm it: the holder of its mail link (the
 * link only ever travels in mails to that address), or a signed-in visitor for whom it is their
 * verified address. Not the account that made it: anyone can type any address into a form.
 */
export function mayConfirm(registration: Registration, visitor: Visitor | null, token: string | undefined): boolean {
  if (token !== undefined && sameToken(token, registration.token)) return true;
  return visitor?.verifiedEmail !== undefined && sameAddress(visitor.verifiedEmail, registration.email);
}

export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
