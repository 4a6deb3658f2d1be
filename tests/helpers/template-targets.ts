/**
 * The page each template is visited at, in both languages: the browser suite's list
 * (tests/browser/templates.test.ts) and the screenshot script's (scripts/screenshots.mjs).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '../../cli/config/load.ts';

export interface Target {
  /** `nl/club`, `en/not-found`: the template and language, also the screenshot's name. */
  name: string;
  /** Undefined when the built site has no page of the route (a second page of news, before there are 13 articles). */
  path?: string;
  status: number;
}

/** A route's pattern (`/clubs/:id-:slug`) with its language prefix (`/en/clubs/:id-:slug`). */
const prefixed = (pattern: string, locale: 'nl' | 'en') =>
  locale === 'nl' ? pattern : pattern === '/' ? '/en' : `/en${pattern}`;

/** Matches the paths of a route's pattern: `:id` a number, `:slug` one segment. */
const matcher = (pattern: string) => new RegExp(`^${pattern.replace(/:id/g, '\\d+').replace(/:slug/g, '[^/]+')}$`);

const locales = ['nl', 'en'] as const;
const STATUS_PATHS = {
  'not-found': { nl: '/bestaat-niet', en: '/en/does-not-exist', status: 404 },
  error: { nl: '/500', en: '/en/500', status: 200 },
} as const;

/** Every template in both languages: `nl/club`, `en/not-found`. The route table is site.config.yaml's. */
export async function templateNames(root: string): Promise<string[]> {
  const routes = [...Object.keys((await loadConfig(root)).routes), ...Object.keys(STATUS_PATHS)];
  return locales.flatMap((locale) => routes.map((route) => `${locale}/${route}`));
}

/** Routes not in the sitemap, visited at one id: the registration shell (any id), a form's result pages. */
const SAMPLE_IDS: Record<string, string> = { registration: 'abc123', 'form-sent': 'contact', 'form-failed': 'invalid' };

/**
 * Fixed routes at their path, item routes (a club, an article) at the first of their pages in the
 * built sitemap, the registration shell (one page for every id) at a made-up id, 404 at a path
 * that does not exist.
 */
export async function templateTargets(root: string, dist: string): Promise<Map<string, Target>> {
  const { routes } = await loadConfig(root);
  const sitemap = await readFile(join(dist, 'public', 'sitemap.xml'), 'utf8');
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const targets = new Map<string, Target>();
  for (const name of await templateNames(root)) {
    const [locale, route] = name.split('/') as ['nl' | 'en', string];
    if (route in STATUS_PATHS) {
      const status = STATUS_PATHS[route as keyof typeof STATUS_PATHS];
      targets.set(name, { name, path: status[locale], status: status.status });
      continue;
    }
    const pattern = prefixed(routes[route]![locale], locale);
    const sample = SAMPLE_IDS[route];
    const path = !pattern.includes(':')
      ? pattern
      : sample
        ? pattern.replace(':id', sample)
        : listed.find((candidate) => matcher(pattern).test(candidate));
    targets.set(name, { name, ...(path ? { path } : {}), status: 200 });
  }
  return targets;
}
