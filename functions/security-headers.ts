import { contentSecurityPolicy } from './csp.ts';

/**
 * Response headers that do not depend on the file: security for every answer, caching by kind.
 * The same values go into firebase.json (cli/build/functions.ts), so Hosting and `site serve`
 * answer alike.
 */
export const IMMUTABLE_PREFIXES = ['/assets/', '/images/', '/islands/'] as const;

export const cacheControl = {
  /** Content-hashed: a new version has a new name. */
  immutable: 'public, max-age=31536000, immutable',
  /** HTML and unhashed files: always revalidated (cheap with ETag), so a deploy shows at once. */
  revalidate: 'public, max-age=0, must-revalidate',
  /** Error pages and staging answers must not be kept. */
  none: 'no-store',
  redirect: 'public, max-age=3600',
} as const;

export function cacheControlFor(pathname: string): string {
  return IMMUTABLE_PREFIXES.some((prefix) => pathname.startsWith(prefix))
    ? cacheControl.immutable
    : cacheControl.revalidate;
}

export const HSTS = 'max-age=63072000; includeSubDomains';

export function baseSecurityHeaders(): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    // Popup sign-in (Firebase) needs the opener link to the popup; everything else is isolated.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
}

/**
 * The Auth emulator the server's firebase-admin verifies tokens with (it reads the same variable):
 * pages built for that emulator may then reach it. Never set in production.
 */
const authEmulatorHost = (): string | undefined => process.env.FIREBASE_AUTH_EMULATOR_HOST || undefined;

export function securityHeaders(options: { https: boolean; scriptHashes?: readonly string[] }): Record<string, string> {
  const headers: Record<string, string> = {
    ...baseSecurityHeaders(),
    'content-security-policy': contentSecurityPolicy({
      scriptHashes: options.scriptHashes ?? [],
      upgradeInsecure: options.https,
      authEmulator: authEmulatorHost(),
    }),
  };
  // HSTS over plain http is ignored by browsers and would pin a laptop's localhost: TLS only.
  if (options.https) headers['strict-transport-security'] = HSTS;
  return headers;
}
