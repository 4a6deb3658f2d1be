/**
 * Which pages search engines list, and how the news list is paged: rules the route table
 * (cli/routes), the sitemap and search index, and the templates' canonical tags all follow.
 */

/** Articles per page of the news list. */
export const NEWS_PER_PAGE = 12;

/**
 * Pages only reached through a form (the staging login, a form's result): no search engine should
 * list them, so they are not in the sitemap and say noindex.
 */
const UNLISTED_ROUTES = new Set<string>(['staging-login', 'staging-login-failed', 'form-sent', 'form-failed']);

/** A page for search engines: not a shell filled in by script, not a form's result. */
export const isListed = (page: { route: string; shell: boolean }): boolean => !page.shell && !UNLISTED_ROUTES.has(page.route);
