/**
 * From a raw request target to paths, before any file is touched: the decoded path (or undefined
 * for a path that cannot name a file of ours), and the clean form of a path the site's own links
 * never use (trailing slash, .html), to redirect to.
 */
const base = 'http://site.invalid';

export function parseTarget(target: string): { rawPathname: string; search: string } | undefined {
  if (!target.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return undefined;
  }
  // Decided on the parsed target, not as sent: `//host` and `/\host` name a host, and
  // `/.//evil.example/` resolves to the path `//evil.example/`, which a redirect to its clean
  // form (no trailing slash) would send to that host.
  if (url.origin !== base || url.pathname.startsWith('//')) return undefined;
  return { rawPathname: url.pathname, search: url.search };
}

export function decodePath(rawPathname: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPathname);
  } catch {
    return undefined;
  }
  // An encoded slash, dot-dot or NUL could escape public/ once decoded; no real link has them.
  if (pathname.includes('\0') || pathname.includes('\\') || pathname.split('/').includes('..')) return undefined;
  return pathname;
}

/** Where a non-canonical spelling of a path should go (cleanUrls, no trailing slash), if anywhere. */
export function cleanLocation(rawPathname: string, search: string): string | undefined {
  if (rawPathname.length > 1 && rawPathname.endsWith('/')) return `${rawPathname.replace(/\/+$/, '') || '/'}${search}`;
  if (rawPathname.endsWith('.html')) return `${rawPathname.replace(/(\/index)?\.html$/, '') || '/'}${search}`;
  return undefined;
}
