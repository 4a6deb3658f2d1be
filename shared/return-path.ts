/**
 * Where a visitor goes after signing in: the page they came from (`?next=` on the login link),
 * only when it is a path on this site. An open redirect on a login page is a phishing aid, so the
 * value is first normalised the way the browser will read it (the URL parser drops tabs and
 * newlines, reads `\` as `/`, resolves `.` and `..`, lower-cases schemes), and the decision is
 * made on that result, which is also what is returned: `/.//evil.example` resolves to
 * `//evil.example`, another host, however harmless it looked before.
 */
export function safeReturnPath(
  raw: string | null | undefined,
  origin: string,
  exclude: readonly string[] = [],
): string | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return undefined;
  // Only a root-relative path: our links never carry a scheme, a host, or a path relative to /login.
  if (!raw.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin) return undefined;
  const path = fullyDecoded(url.pathname);
  // No path we make starts with two slashes or holds a backslash, whitespace or control character,
  // as sent or percent-encoded (`%2F%2F`, `%5C`, `%09`, twice encoded): a server, proxy or script
  // that decodes the path once more could read it as another host.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (path === undefined || path.startsWith('//') || /[\\\s\u0000-\u001f\u007f]/u.test(path)) return undefined;
  // Back to the login page itself would be a loop.
  const page = path.replace(/(\/index)?\.html$/, '').replace(/\/+$/, '') || '/';
  if (exclude.includes(page)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The path decoded until nothing changes (a few rounds); undefined when it is not valid UTF-8. */
function fullyDecoded(pathname: string): string | undefined {
  let path = pathname;
  for (let round = 0; round < 5; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(path);
    } catch {
      return undefined;
    }
    if (next === path) return path;
    path = next;
  }
  return undefined;
}
