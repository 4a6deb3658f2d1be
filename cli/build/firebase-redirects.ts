/**
 * The redirect map in Firebase Hosting's terms. Hosting applies redirects before files, so only
 * exact rules can be Hosting redirects; prefix rules (`/nieuws/12-*`, which also cover the right
 * slug) become rewrites to the function, which Hosting consults only when no file matched.
 * Hosting caps the number of redirect rules, so above the cap exact rules with the same target are
 * folded into one RE2 regex each.
 */
export const FIREBASE_REDIRECT_LIMIT = 1000;
// Long alternations are split so no single pattern grows unwieldy for Hosting's RE2.
const MAX_REGEX_LENGTH = 2000;

export interface Rule {
  from: string;
  to: string;
  status: number;
}

export type FirebaseRedirect = ({ source: string } | { regex: string }) & { destination: string; type: number };

const regexSpecial = /[.*+?^${}()|[\]\\]/;
/** Most paths hold no special character: tested first, they are not copied (12,000 at 4,000 articles, every build). */
export const escapeRegex = (text: string) =>
  regexSpecial.test(text) ? text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : text;
const globSpecial = /[*?[\]{}()!@+,]/;

/** A path without its trailing slashes (old WordPress paths carried one); `/` as it is. */
const withoutSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') : path);

/** One path, matched with and without a trailing slash. */
function single(rule: Rule): FirebaseRedirect {
  const path = withoutSlash(rule.from);
  if (!globSpecial.test(path) && path === rule.from) return { source: path, destination: rule.to, type: rule.status };
  return { regex: `^${escapeRegex(path)}/?$`, destination: rule.to, type: rule.status };
}

/**
 * Alternations of escaped paths, each under MAX_REGEX_LENGTH once wrapped. `wrap` puts the same text
 * around any alternation, so a chunk's length is counted as it grows, not joined again for each
 * path (12,000 redirects at 4,000 articles: that was 20 ms of every build).
 */
export function regexChunks(parts: string[], wrap: (alternation: string) => string): string[] {
  const around = wrap('').length;
  const chunks: string[] = [];
  let current: string[] = [];
  let length = 0; // of current.join('|')
  for (const part of parts) {
    if (current.length && around + length + 1 + part.length > MAX_REGEX_LENGTH) {
      chunks.push(wrap(current.join('|')));
      current = [];
      length = 0;
    }
    current.push(part);
    length += (current.length > 1 ? 1 : 0) + part.length;
  }
  if (current.length) chunks.push(wrap(current.join('|')));
  return chunks;
}

/**
 * Hosting redirects for the exact rules, and the rules that do not fit under Hosting's cap
 * even folded (a site with thousands of articles has an id-only path for each): those are
 * rewritten to the function, which answers from the same map. A redirect source is never a
 * file (the build refuses that collision), so sending it to the function loses nothing.
 */
export function firebaseRedirects(
  rules: readonly Rule[],
  limit = FIREBASE_REDIRECT_LIMIT,
): { redirects: FirebaseRedirect[]; overflow: Rule[] } {
  const exact = rules.filter((rule) => !rule.from.endsWith('*'));
  if (exact.length <= limit) return { redirects: exact.map(single), overflow: [] };
  // Rules by status and target (looked up by the target's own string, not a key made for each
  // rule), the groups in the order their first rule came.
  const byStatus = new Map<number, Map<string, Rule[]>>();
  const groups: Rule[][] = [];
  for (const rule of exact) {
    let targets = byStatus.get(rule.status);
    if (!targets) byStatus.set(rule.status, (targets = new Map()));
    const group = targets.get(rule.to);
    if (group) group.push(rule);
    else {
      const first = [rule];
      targets.set(rule.to, first);
      groups.push(first);
    }
  }
  // The largest groups (legacy paths sharing a target) keep their place on Hosting first.
  const ordered = groups.sort((a, b) => b.length - a.length);
  const redirects: FirebaseRedirect[] = [];
  const overflow: Rule[] = [];
  for (const group of ordered) {
    // Full: no later group fits either (each is one rule at least), so none is folded only to overflow.
    if (redirects.length >= limit) {
      overflow.push(...group);
      continue;
    }
    const first = group[0] as Rule;
    const folded =
      group.length === 1
        ? group.map(single)
        : exactPathRegexes(group).map((regex) => ({ regex, destination: first.to, type: first.status }));
    if (redirects.length + folded.length <= limit) redirects.push(...folded);
    else overflow.push(...group);
  }
  return { redirects, overflow };
}

/**
 * RE2 patterns matching the rules' exact paths, each with or without a trailing slash: a group's
 * folded redirects, and the paths that overflow to the function (see firebaseRedirects).
 */
export function exactPathRegexes(rules: readonly Rule[]): string[] {
  const paths = rules.map((rule) => escapeRegex(withoutSlash(rule.from)));
  return regexChunks(paths, (alternation) => `^(?:${alternation})/?$`);
}

/** RE2 patterns for the prefix rules, to rewrite to the function (which answers the redirect). */
export function prefixRewriteRegexes(rules: readonly Rule[]): string[] {
  const prefixes = rules.filter((rule) => rule.from.endsWith('*')).map((rule) => escapeRegex(rule.from.slice(0, -1)));
  return regexChunks(prefixes, (alternation) => `^(?:${alternation}).*$`);
}
