/** Cookie parsing and writing, shared by the session and staging functions. */

export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index < 1) continue;
    const name = part.slice(0, index).trim();
    // First one wins, as browsers send the most specific path first.
    if (!cookies.has(name)) cookies.set(name, part.slice(index + 1).trim());
  }
  return cookies;
}

export interface CookieOptions {
  maxAge: number;
  secure: boolean;
  httpOnly?: boolean;
  /** Default `/`. */
  path?: string;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${value}`,
    `Path=${options.path ?? '/'}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`,
    'SameSite=Lax',
  ];
  if (options.httpOnly !== false) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * Secure everywhere but plain-http localhost: a browser drops a Secure cookie set over http, which
 * would make `site serve` on a laptop unusable, while any real host runs behind TLS.
 */
export function cookieShouldBeSecure(request: Request): boolean {
  const url = new URL(request.url);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return !(local && url.protocol === 'http:');
}
