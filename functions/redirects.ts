/**
 * The redirect map as the build writes it (dist/redirects.json): exact paths, and prefixes ending
 * in `*` for wrong slugs (`/nieuws/12-*`). Prefix rules behave like Netlify's unforced rules: they
 * apply only where no page exists, since `/nieuws/12-*` also covers the right slug, which must be
 * served, not redirected. Shared by `site serve` and the Firebase function (which Hosting calls
 * only for paths without a file).
 */
export interface RedirectRule {
  from: string;
  to: string;
  status: number;
}

export interface RedirectMatch {
  to: string;
  status: number;
}

/** Keys without a trailing slash: old WordPress paths had one, the site's own paths never do. */
export function redirectKey(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export interface RedirectMatcher {
  /** An exact rule: applies before pages. */
  exact(pathname: string): RedirectMatch | undefined;
  /**
   * The longest prefix rule: for paths without a page. The `*` stands for the rest of one segment
   * (the wrong slug); what follows that segment is kept, so `/evenementen/1-old/inschrijven` goes
   * to the event's sign-up page, not to the event. Never a redirect to the path itself.
   */
  prefix(pathname: string): RedirectMatch | undefined;
  readonly size: number;
}

export function createRedirectMatcher(rules: readonly RedirectRule[]): RedirectMatcher {
  const exact = new Map<string, RedirectMatch>();
  const prefixes: Array<{ prefix: string } & RedirectMatch> = [];
  for (const { from, to, status } of rules) {
    if (from.endsWith('*')) prefixes.push({ prefix: from.slice(0, -1), to, status });
    else if (!exact.has(redirectKey(from))) exact.set(redirectKey(from), { to, status });
  }
  prefixes.sort((a, b) => b.prefix.length - a.prefix.length);
  return {
    size: exact.size + prefixes.length,
    exact: (pathname) => exact.get(redirectKey(pathname)),
    prefix(pathname) {
      const key = redirectKey(pathname);
      const rule = prefixes.find(({ prefix }) => key.startsWith(prefix));
      if (!rule) return undefined;
      const rest = key.slice(rule.prefix.length);
      const below = rest.includes('/') && !rule.to.includes('?') ? rest.slice(rest.indexOf('/')) : '';
      const to = `${rule.to}${below}`;
      return to !== key ? { to, status: rule.status } : undefined;
    },
  };
}

/** The redirect target with the visitor's query string kept (after the target's own). */
export function withQuery(to: string, search: string): string {
  if (!search) return to;
  return to.includes('?') ? `${to}&${search.slice(1)}` : `${to}${search}`;
}
