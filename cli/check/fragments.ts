import { Parser } from 'htmlparser2';
import { sitePath } from './crawl.ts';
import type { BrokenLink } from './types.ts';

/**
 * Fragment links (`/kampen#prijzen`, `#main`) checked against the ids of the page they land on.
 *
 * Why not linkinator's checkFragments: linkinator 7.6 checks a page's fragments only when it
 * fetches that page after the link was seen. A page already fetched through an earlier link
 * (a nav link reaches /kampen long before an article links to /kampen#prijzen) never has its
 * fragments checked, so a broken anchor passes or fails by crawl order. Here every page is read
 * once, its ids kept, and every fragment link compared against them: same answer every run.
 */

interface Anchors {
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
            // An href that is no URL at all is linkinator's finding (it reports it as broken).
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

interface Fetched {
  html: string;
  /** Where the page ended up after redirects: the page the fragment is looked for on. */
  url: string;
}

async function fetchPage(url: string): Promise<Fetched | undefined> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } }).catch(() => undefined);
  if (!response?.ok || !response.headers.get('content-type')?.includes('text/html')) {
    await response?.body?.cancel();
    return undefined;
  }
  return { html: await response.text(), url: response.url };
}

async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Every fragment link on `pages` (local URLs) whose target page has no element with that id.
 * `onPage` gets each of `pages` as read, so other passes over the HTML need not fetch it again.
 */
export async function checkFragments(pages: string[], localOrigin: string, onPage: (page: string, html: string) => void = () => {}): Promise<BrokenLink[]> {
  const targets = new Map<string, Promise<{ ids: Set<string>; url: string } | undefined>>();
  const target = (url: string) => {
    if (!targets.has(url)) targets.set(url, fetchPage(url).then((page) => page && { ids: readAnchors(page.html, page.url).ids, url: page.url }));
    return targets.get(url)!;
  };
  const broken: BrokenLink[] = [];
  await eachLimited(pages, 16, async (page) => {
    const fetched = await fetchPage(page);
    if (!fetched) return;
    onPage(page, fetched.html);
    const anchors = readAnchors(fetched.html, fetched.url);
    targets.set(page, Promise.resolve({ ids: anchors.ids, url: fetched.url }));
    for (const link of anchors.links) {
      if (link.origin !== localOrigin) continue;
      const fragment = link.hash.slice(1);
      const withoutHash = new URL(link);
      withoutHash.hash = '';
      // A target that does not load is the crawl's finding (HTTP 404), not a fragment problem.
      const landed = await target(withoutHash.href);
      if (!landed || fragmentFound(fragment, landed.ids)) continue;
      broken.push({
        source: sitePath(page, localOrigin),
        link: sitePath(link.href, localOrigin),
        reason: `no element with id "${fragment}" on ${sitePath(landed.url, localOrigin)}`,
      });
    }
  });
  return broken;
}
