import type { Redirect } from '../routes/types.ts';
import { inputsDigest } from './firebase-memo.ts';

/** The redirects as JSON (dist/functions/redirects.json) and a digest of it and the tool: the redirects' files are made from it alone. */
export interface RedirectsKey {
  json: string;
  digest: string;
}

export async function redirectsKey(redirects: readonly object[]): Promise<RedirectsKey> {
  const json = JSON.stringify(redirects);
  return { json, digest: await inputsDigest([json]) };
}

/** `redirects.json`, read by `site serve` and `site dev`. */
export const renderRedirectsJson = (redirects: Redirect[]): string => `${JSON.stringify({ redirects }, null, 1)}\n`;

/**
 * `_redirects` (Netlify, Cloudflare Pages): one rule a line; a trailing `*` is a splat. Their splat
 * cannot keep what follows a wrong slug (as `site serve` and the Firebase function do), so there
 * `/evenementen/4-old/inschrijven` reaches the event page, not its sign-up page.
 */
export const renderRedirectsFile = (redirects: Redirect[]): string =>
  `${redirects.map((r) => `${r.from} ${r.to} ${r.status}`).join('\n')}\n`;

/** Exact rules first, then prefixes longest first: the order every host should match in. */
export function orderRedirects(redirects: Redirect[]): Redirect[] {
  const exact = redirects.filter((r) => !r.from.endsWith('*'));
  const prefix = redirects.filter((r) => r.from.endsWith('*')).sort((a, b) => b.from.length - a.from.length);
  return [...exact, ...prefix];
}
