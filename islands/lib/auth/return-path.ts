/**
 * Where a visitor goes after signing in: the page they came from (`?next=` on the login link),
 * only when it is a path on this site. Anything that would leave the site (`//evil.example`,
 * `https://evil.example`, `/\evil.example`, `javascript:`, a path with control characters that
 * the URL parser strips into `//`) is refused: an open redirect on a login page is a phishing aid.
 */
export function safeReturnPath(raw: string | null | undefined, origin: string, exclude: readonly string[] = []): string | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return undefined;
  // Only a root-relative path; a backslash or control character is never part of one we made.
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin) return undefined;
  // Back to the login page itself would be a loop.
  if (exclude.includes(url.pathname.replace(/\/+$/, '') || '/')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

