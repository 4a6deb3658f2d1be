import { Parser } from 'htmlparser2';
import { sitePath } from './crawl.ts';
import type { BrokenLink } from './types.ts';

/**
 * Fragment links (`/kampen#prijzen`, `#main`) checked against the ids of the page they land on.
 *
 * Every page the crawl reads is read here once too (its ids and its fragment links kept), and
 * once the crawl is done every fragment link is compared with the ids of the page it lands on:
 * the same answer whatever order the pages were read in.
 */

export interface Anchors {
  ids: Set<string>;
  /** Fragment links of <a> and <area>, resolved against the page. */
  links: URL[];
}

/** The ids (and legacy <a name>) of a page, and its links that carry a fragment. */
export function readAnchors(html: string, pageUrl: string): Anchors {
  const ids = new Set<string>();
  const links: URL[] = [];
  let base = pageUrl;
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (attributes.id) ids.add(attributes.id);
        if (tag === 'a' && attributes.name) ids.add(attributes.name);
        if (tag === 'base' && attributes.href) base = new URL(attributes.href, pageUrl).href;
        if ((tag === 'a' || tag === 'area') && attributes.href?.includes('#')) {
          try {
            links.push(new URL(attributes.href, base));
          } catch {
            // An href that is no URL at all is the crawl's finding (page-links.ts reports it).
          }
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return { ids, links };
}

/** HTML's rule for finding a fragment's target: the id as written, then percent-decoded; `top` and empty always scroll. */
export function fragmentFound(fragment: string, ids: Set<string>): boolean {
  if (fragment === '' || fragment.toLowerCase() === 'top' || ids.has(fragment)) return true;
  try {
    const decoded = decodeURIComponent(fragment);
    return ids.has(decoded) || decoded.toLowerCase() === 'top';
  } catch {
    return false;
  }
}

/**
 * Every fragment link of the pages read whose target page has no element with that id.
 * `pages` are the anchors of each page by where it landed; `landedAt` says where a URL (without
 * its fragment) ended up, or nothing when it was never asked for.
 */
export function brokenFragments(
  pages: ReadonlyMap<string, Anchors>,
  landedAt: (url: string) => string | undefined,
  localOrigin: string,
): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const [page, anchors] of pages) {
    for (const link of anchors.links) {
      if (link.origin !== localOrigin) continue;
      const withoutHash = new URL(link);
      withoutHash.hash = '';
      const landed = landedAt(withoutHash.href);
      // A target that did not load (HTTP 404) is the crawl's finding; one that is no page has no ids.
      const ids = landed === undefined ? undefined : pages.get(landed)?.ids;
      const fragment = link.hash.slice(1);
      if (!ids || fragmentFound(fragment, ids)) continue;
      broken.push({
        source: sitePath(page, localOrigin),
        link: sitePath(link.href, localOrigin),
        reason: `no element with id "${fragment}" on ${sitePath(landed!, localOrigin)}`,
      });
    }
  }
  return broken;
}
