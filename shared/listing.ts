/**
 * Which pages search engines list, and how the news list is paged: rules the route table
 * (cli/routes), the sitemap and search index, and the templates' canonical tags all follow.
 */

/** Articles per page of the news list. */
export const NEWS_PER_PAGE = 12;

/** The articles on page `page` (from 1) of the news list, newest first. */
export const newsOnPage = <T>(news: T[], page: number): T[] =>
  news.slice((page - 1) * NEWS_PER_PAGE, page * NEWS_PER_PAGE);

/**
 * Pages only reached through a form (the staging login, a form's result): no search engine should
 * list them, so they are not in the sitemap and say noindex.
 */
const UNLISTED_ROUTES = new Set<string>(['staging-login', 'staging-login-failed', 'form-sent', 'form-failed']);

/** A page for search engines: not a shell filled in by script, not a form's result. */
export const isListed = (page: { route: string; shell: boolean }): boolean =>
  !page.shell && !UNLISTED_ROUTES.has(page.route);
