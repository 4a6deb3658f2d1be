import { createHmac } from 'node:crypto';
import { FunctionConfigError } from '../config-error.ts';

export interface StagingSettings {
  password: string;
  /** HMAC key for the staging-auth cookie. */
  secret: Buffer;
  /** Lifetime of a staging-auth cookie, in seconds. */
  maxAge: number;
}

const week = 7 * 24 * 60 * 60;

/**
 * STAGING=1 turns the guard on; it then needs STAGING_PASSWORD. Without STAGING_SECRET the key is
 * derived from the password, so changing the password also signs everyone out, and a restart keeps
 * people signed in (a random key would not).
 */
export function stagingSettings(vars: Record<string, string | undefined>): StagingSettings | undefined {
  const flag = vars.STAGING?.trim();
  if (!flag || flag === '0' || flag === 'false') return undefined;
  if (flag !== '1' && flag !== 'true') throw new FunctionConfigError('STAGING', `expected 1 or 0, received "${flag}"`);
  const password = vars.STAGING_PASSWORD ?? '';
  if (password.length < 8) {
    throw new FunctionConfigError('STAGING_PASSWORD', 'STAGING=1 needs a password of at least 8 characters');
  }
  const secret = vars.STAGING_SECRET
    ? Buffer.from(vars.STAGING_SECRET, 'utf8')
    : createHmac('sha256', password).update('site staging-auth cookie key v1').digest();
  const maxAge = vars.STAGING_MAX_AGE ? Number(vars.STAGING_MAX_AGE) : week;
  if (!Number.isInteger(maxAge) || maxAge <= 0) {
    throw new FunctionConfigError(
      'STAGING_MAX_AGE',
      `expected a whole number of seconds, received "${vars.STAGING_MAX_AGE}"`,
    );
  }
  return { password, secret, maxAge };
}
