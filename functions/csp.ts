import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of every page. Scripts only from our own origin (islands are files),
 * plus the hash of any inline script a page carries: no 'unsafe-inline' for scripts. JSON props in
 * <script type="application/json"> are data, not script, so CSP leaves them alone. Styles may be
 * inline (critical CSS, style attributes). Firebase Auth is the one third party: its REST
 * endpoints for sign-in and its auth domain's iframe for popup sign-in.
 */
export function contentSecurityPolicy(
  options: { scriptHashes?: readonly string[]; upgradeInsecure?: boolean; authEmulator?: string | undefined } = {},
): string {
  const hashes = [...new Set(options.scriptHashes ?? [])].map((hash) => `'${hash}'`);
  // A site built against the Auth emulator (docs/login.md) signs in there, on another port.
  const emulator = options.authEmulator ? ` http://${options.authEmulator}` : '';
  const directives = [
    "default-src 'self'",
    `script-src 'self'${hashes.length ? ` ${hashes.join(' ')}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com${emulator}`,
    'frame-src https://*.firebaseapp.com https://*.web.app',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
  ];
  if (options.upgradeInsecure) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

const scriptTag = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
// A type the browser does not run as script (JSON props, JSON-LD) needs no hash.
const dataType = /\btype\s*=\s*["']?(application\/(ld\+)?json|text\/plain)/i;

/** CSP hashes ('sha256-...') of the inline scripts in a page, so they run under the policy above. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(scriptTag)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || dataType.test(attributes) || body.trim() === '') continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}
