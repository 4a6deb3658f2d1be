import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The staging-auth cookie: `v1.<expires, unix seconds>.<HMAC-SHA256 of both, base64url>`. It holds
 * no secret, only a signed expiry; a plain value ("1", "true"), a changed expiry or a signature
 * made with another key fails `verifyStagingCookie`.
 */
export const STAGING_COOKIE = 'staging-auth';

function signature(secret: Buffer, expires: number): string {
  return createHmac('sha256', secret).update(`staging-auth|v1|${expires}`).digest('base64url');
}

export function signStagingCookie(secret: Buffer, expires: number): string {
  return `v1.${expires}.${signature(secret, expires)}`;
}

/** Compared in constant time; `now` in milliseconds. */
export function verifyStagingCookie(value: string | undefined, secret: Buffer, now: number): boolean {
  if (!value) return false;
  const match = /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return false;
  const expires = Number(match[1]);
  // Compared as text, not decoded bytes: base64url's last character has spare bits, and a
  // decoded compare would accept several spellings of one signature.
  const given = Buffer.from(match[2] ?? '', 'utf8');
  const expected = Buffer.from(signature(secret, expires), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return expires * 1000 > now;
}

/**
 * Password check that takes the same time however much of the guess is right: both sides are
 * hashed first, so even the length of the real password does not leak through timing.
 */
export function passwordMatches(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}
