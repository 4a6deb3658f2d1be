import { problem, type Problem } from '../errors/site-error.ts';
import type { PageRoute, Redirect } from './types.ts';

/**
 * Two pages that would write the same file, or a redirect that would hide a page: one error
 * each, naming both sources. `describe` says which content file a page comes from.
 */
export function findCollisions(pages: PageRoute[], redirects: Redirect[], describe: (page: PageRoute) => string): Problem[] {
  const problems: Problem[] = [];
  const owners = new Map<string, PageRoute>();
  for (const page of pages) {
    for (const path of page.paths) {
      const key = path.toLowerCase();
      const other = owners.get(key);
      if (other) {
        problems.push(problem('ROUTE_COLLISION', { path, first: describe(other), second: describe(page) }, { location: { file: describe(page) } }));
      } else owners.set(key, page);
    }
  }
  const redirected = new Map<string, Redirect>();
  for (const redirect of redirects) {
    const page = owners.get(redirect.from.toLowerCase());
    if (page) {
      problems.push(problem('ROUTE_COLLISION', { path: redirect.from, first: describe(page), second: `a redirect to ${redirect.to}` }, { location: { file: describe(page) } }));
    }
    const earlier = redirected.get(redirect.from);
    if (earlier && earlier.to !== redirect.to) {
      problems.push(problem('ROUTE_COLLISION', { path: redirect.from, first: `a redirect to ${earlier.to}`, second: `a redirect to ${redirect.to}` }, { location: { file: 'site.config.yaml' } }));
    }
    redirected.set(redirect.from, redirect);
  }
  return problems;
}
