import { isListed } from '../../shared/listing.ts';
import type { PageRoute } from './types.ts';
import { indexedPage, pageRecord } from './search-records.ts';

/**
 * A page's search record made where the page is rendered (a render worker, or this thread), sent
 * with the render's outcome to the search stage: the page's HTML is in memory there, and the
 * search stage need not read 4,100 pages back and tokenise them on one thread after the render.
 * Strings: a worker's message copies a string as its bytes, an object of terms key by key; the
 * records memo keeps them as they are (cli/build/search-pages.ts).
 */
export interface RenderedRecord {
  /** Its title and text as the page records file shows them: `["title","text"]`. */
  shown: string;
  /** Its terms as JSON. */
  terms: string;
}

const SKIPPED_ROUTES = new Set(['login', 'event-signup', 'search', 'registrations']);

/**
 * A page worth finding: each page once at its canonical path (not the /nl copy), only listed
 * pages (no shells, no form results), no status pages, sign-in or sign-up forms, and not the
 * later pages of the news list (their articles are found themselves).
 */
export const isSearchable = (page: PageRoute): boolean =>
  isListed(page) &&
  Boolean(page.alternates) &&
  page.entity.kind !== 'status' &&
  page.entity.kind !== 'listing' &&
  !SKIPPED_ROUTES.has(page.route);

export function renderedRecord(html: string): RenderedRecord {
  const { shown, terms } = indexedPage(pageRecord(html));
  return { shown, terms: JSON.stringify(terms) };
}
