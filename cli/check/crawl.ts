import { LinkChecker, LinkState, type LinkResult } from 'linkinator';
import type { BrokenLink, StartPoint } from './types.ts';

export interface CrawlOptions {
  /** The local server: `http://127.0.0.1:40123`. */
  localOrigin: string;
  /** The site's production origin (site.json `url`): canonical, hreflang and og URLs point there. */
  productionOrigin: string;
  starts: StartPoint[];
  /** Also request links that leave the site (needs a network). */
  external: boolean;
}

export interface CrawlResult {
  broken: BrokenLink[];
  /** Local HTML pages whose links were read (absolute URLs): the fragment check reads them again. */
  pages: string[];
  /** Every URL requested (absolute): pages, images, stylesheets, scripts. */
  requested: Set<string>;
  skipped: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A local URL as the site path a reader knows (`/kampen?page=2`); anything else whole. */
export function sitePath(url: string, localOrigin: string): string {
  return url.startsWith(`${localOrigin}/`) ? url.slice(localOrigin.length) : url === localOrigin ? '/' : url;
}

function reason(result: LinkResult): string {
  if (result.status) return `HTTP ${result.status}`;
  const error = result.failureDetails?.find((detail): detail is Error => detail instanceof Error);
  const cause = (error?.cause as { code?: string; message?: string } | undefined) ?? undefined;
  return [error?.message, cause?.code ?? cause?.message].filter(Boolean).join(': ') || 'no response';
}

/**
 * linkinator over the served build: every start point, recursively, every href/src/srcset of
 * every page (images and their srcset candidates, stylesheets, scripts, hreflang alternates).
 * Fragments are not linkinator's job here: see fragments.ts.
 */
export async function crawlSite(options: CrawlOptions): Promise<CrawlResult> {
  const { localOrigin } = options;
  const local = (url: string) => url === localOrigin || url.startsWith(`${localOrigin}/`);
  const { links } = await new LinkChecker().check({
    path: options.starts.map((start) => start.url),
    recurse: true,
    // Pages live at /kampen, not /kampen/: without this linkinator resolves a relative link on
    // /nieuws/3-x against /nieuws/3-x/ (a directory), unlike a browser.
    cleanUrls: true,
    concurrency: 32,
    // No `timeout`: linkinator 7.6 aborts a slow body with an error event nobody listens to,
    // which kills the process; the local server ends any request after 30 s by itself.
    // site serve brotli-compresses each page once at the top quality: wasted on a crawl that
    // reads every page once (about 0.1 s of CPU a page). The key's spelling must be linkinator's
    // own, or fetch joins both values ("gzip, deflate, br, identity").
    headers: { 'Accept-Encoding': 'identity' },
    // Canonical, hreflang and og URLs name the production host; they must resolve here.
    urlRewriteExpressions: [{ pattern: new RegExp(`^${escapeRegExp(options.productionOrigin.replace(/\/+$/, ''))}(?=[/?#]|$)`), replacement: localOrigin }],
    linksToSkip: async (url) => !options.external && !local(url),
  });

  const startSources = new Map(options.starts.map((start) => [start.url, start.sources]));
  const broken = new Map<string, BrokenLink>();
  const add = (item: BrokenLink) => broken.set(`${item.source}\n${item.link}`, item);
  for (const result of links) {
    if (result.state !== LinkState.BROKEN || result.parent === result.url) continue;
    const link = sitePath(result.url, localOrigin);
    if (result.parent) {
      add({ source: sitePath(result.parent, localOrigin), link, reason: reason(result) });
      continue;
    }
    // A start point itself is broken: blame the build file that names it.
    for (const { source, note } of startSources.get(result.url) ?? [{ source: 'start' }]) {
      add({ source, link, reason: note ? `${reason(result)} (${note})` : reason(result) });
    }
  }

  const requested = new Set(links.filter((l) => l.state !== LinkState.SKIPPED).map((l) => l.url));
  const skipped = new Set(links.filter((l) => l.state === LinkState.SKIPPED && /^https?:/.test(l.url)).map((l) => l.url));
  const pages = new Set(links.map((l) => l.parent).filter((parent): parent is string => parent !== undefined && local(parent)));
  for (const start of options.starts) if (start.sources.some((s) => s.source === 'dist/public')) pages.add(start.url);
  return { broken: [...broken.values()], pages: [...pages].sort(), requested, skipped: skipped.size };
}
