import { routes } from '../../functions/index.ts';
import { FIREBASE_FUNCTION } from '../../functions/firebase/config.ts';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { baseSecurityHeaders, cacheControl, HSTS, IMMUTABLE_PREFIXES } from '../../functions/security-headers.ts';
import { contentSecurityPolicy } from '../../functions/csp.ts';
import {
  escapeRegex,
  firebaseRedirects,
  exactPathRegexes,
  prefixRewriteRegexes,
  type Rule,
} from './firebase-redirects.ts';

/**
 * dist/firebase.json: Hosting serves public/ with the same URLs, redirects and headers as
 * `site serve`; every function path (derived from functions/index.ts) goes to the one function.
 */

const fn = { function: { functionId: FIREBASE_FUNCTION.functionId, region: FIREBASE_FUNCTION.region } };

/** `/api/registrations/:id` -> `/api/registrations/*`; a final `*` (rest of path) -> `**`. */
export function routeGlob(pattern: string): string {
  return pattern
    .split('/')
    .map((part, index, parts) =>
      part === '*' && index === parts.length - 1 ? '**' : part.startsWith(':') ? '*' : part,
    )
    .join('/');
}

const header = (key: string, value: string) => ({ key, value });

/**
 * An RE2 pattern for every path whose first segment is none of `words` (no lookahead in RE2: the
 * complement is spelled out over a trie of the words). `/` and `/apis` match; `/api`, `/api/x` do not.
 */
export function firstSegmentNotIn(words: readonly string[]): string {
  const escapeInClass = (char: string) => char.replace(/[\\^\]-]/g, '\\$&');
  const segment = (prefix: string): string => {
    const next = [
      ...new Set(
        words
          .filter((word) => word.startsWith(prefix) && word.length > prefix.length)
          .map((word) => word[prefix.length] as string),
      ),
    ].sort();
    const alternatives = [
      // The segment may end here unless it would spell a word.
      ...(words.includes(prefix) ? [] : ['']),
      `[^/${next.map(escapeInClass).join('')}][^/]*`,
      ...next.map((char) => `${escapeRegex(char)}${segment(prefix + char)}`),
    ];
    return `(?:${alternatives.join('|')})`;
  };
  return `^/${segment('')}(?:/.*)?$`;
}

/** The first path segments of the function routes (`api`, `mail`): header rules never match under them. */
export const functionSegments = (): string[] =>
  [...new Set(routes.map((route) => route.pattern.split('/')[1] ?? ''))].sort();

export function firebaseConfig(options: {
  site: SiteManifest;
  redirects: readonly Rule[];
  scriptHashes: readonly string[];
  runtime: string;
}) {
  const functionRewrites = [...new Set(routes.map((route) => routeGlob(route.pattern)))].map((source) => ({
    source,
    ...fn,
  }));
  const shellRewrites = options.site.rewrites.map(({ source, destination }) => ({
    source: routeGlob(source),
    destination,
  }));
  const prefixRewrites = prefixRewriteRegexes(options.redirects).map((regex) => ({ regex, ...fn }));
  const { redirects, overflow } = firebaseRedirects(options.redirects);
  const overflowRewrites = exactPathRegexes(overflow).map((regex) => ({ regex, ...fn }));
  const security = {
    ...baseSecurityHeaders(),
    // Hosting is always https: HSTS and upgrade-insecure-requests belong to every answer.
    'content-security-policy': contentSecurityPolicy({ scriptHashes: options.scriptHashes, upgradeInsecure: true }),
    'strict-transport-security': HSTS,
  };
  return {
    hosting: {
      public: 'public',
      ignore: ['firebase.json', '**/.*', 'functions/**'],
      cleanUrls: true,
      trailingSlash: false,
      redirects,
      // First match wins; Hosting consults rewrites only when no file matched.
      rewrites: [
        ...functionRewrites,
        ...shellRewrites,
        ...overflowRewrites,
        ...prefixRewrites,
        { source: '/en/**', ...fn },
      ],
      // For headers the last matching rule wins, so the general rule comes first. Hosting's header
      // rules replace a function's own headers (its cache-control too), so they match files only:
      // never a path under a function route, whose answers set their own (private or shared).
      headers: [
        {
          regex: firstSegmentNotIn(functionSegments()),
          headers: [
            ...Object.entries(security).map(([key, value]) => header(key, value)),
            header('cache-control', cacheControl.revalidate),
          ],
        },
        {
          source: `/@(${IMMUTABLE_PREFIXES.map((prefix) => prefix.slice(1, -1)).join('|')})/**`,
          headers: [header('cache-control', cacheControl.immutable)],
        },
      ],
    },
    // *.local (the emulator's .secret.local and .env.local) never leaves this machine.
    functions: [
      {
        source: 'functions',
        codebase: 'default',
        runtime: options.runtime,
        ignore: ['node_modules', '.git', 'firebase-debug.log', 'firebase-debug.*.log', '*.local'],
      },
    ],
    emulators: { ui: { enabled: false } },
  };
}
