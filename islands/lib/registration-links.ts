/**
 * Registration links and what the browser remembers of them. The mail link's secret lives in the
 * URL's #fragment (`#token=...`), which browsers never send to a server, log or Referer.
 */
/**
 * The #fragment of a registration link: `token=...` and, right after signing up, `new=1` (and
 * `mail=0`), or `existing=1` when the visitor turned out to be registered already.
 */
export function linkFragment(hash: string): {
  token: string | undefined;
  fresh: boolean;
  mailFailed: boolean;
  existing: boolean;
} {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return {
    token: params.get('token') ?? undefined,
    fresh: params.get('new') === '1',
    mailFailed: params.get('mail') === '0',
    existing: params.get('existing') === '1',
  };
}

/** A registration page link, pasted: its id and token, or undefined when it is not one. */
export function parseRegistrationLink(text: string, pagePattern: RegExp): { id: string; token: string } | undefined {
  let url: URL;
  try {
    url = new URL(text.trim(), location.origin);
  } catch {
    return undefined;
  }
  // One capture per language's page: the id is whichever matched.
  const id = pagePattern.exec(url.pathname)?.slice(1).find(Boolean);
  const { token } = linkFragment(url.hash);
  return id && token ? { id, token } : undefined;
}

/** Paths like `/evenementen/inschrijvingen/[id]` as one pattern that captures the id (also under /nl). */
export function registrationPathPattern(pages: readonly string[]): RegExp {
  // `[` and `]` are left alone here, so `[id]` survives escaping and is swapped for the capture.
  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|\\/]/g, '\\$&');
  const alternatives = pages.map((page) => escapeRegExp(page).replace('[id]', '([A-Za-z0-9_-]+)'));
  return new RegExp(`^(?:/nl)?(?:${alternatives.join('|')})$`);
}
