import { createHash } from 'node:crypto';
import { createLimiter } from '../images/pool.ts';
import { readLinks } from './page-links.ts';
import { toLocal } from './start-points.ts';
import type { BrokenLink, StartPoint } from './types.ts';

export interface CrawlOptions {
  /** The local server: `http://127.0.0.1:40123`. */
  localOrigin: string;
  /** The site's production origin (site.json `url`): canonical, hreflang and og URLs point there. */
  productionOrigin: string;
  starts: StartPoint[];
  /** Also request links that leave the site (needs a network). */
  external: boolean;
  /** Each local page as read, once per address it landed on: the other passes read its HTML here. */
  onPage?: (page: { landed: string; html: string }) => void;
}

/** What asking for one URL gave. */
export interface Visit {
  ok: boolean;
  /** Why not, in words: `HTTP 404`, `more than 10 redirects`. */
  reason?: string;
  /** Where it ended after redirects (for a page read before at another query: that address). */
  landed: string;
}

export interface CrawlResult {
  broken: BrokenLink[];
  /** Local HTML pages whose links were read (absolute URLs where they landed). */
  pages: string[];
  /** Every URL asked for (absolute, without fragment), and what it gave. */
  visits: Map<string, Visit>;
  /** Distinct links that leave the site, not requested (without `external`). */
  skipped: number;
}

const MAX_REDIRECTS = 10;
const TIMEOUT_MS = 30_000;
// Requests at once: the server runs in this process, so this also bounds the work it is given.
const CONCURRENCY = 16;

/** A local URL as the site path a reader knows (`/kampen?page=2`); anything else whole. */
export function sitePath(url: string, localOrigin: string): string {
  return url.startsWith(`${localOrigin}/`) ? url.slice(localOrigin.length) : url === localOrigin ? '/' : url;
}

/** Why a request got no answer, in words (`fetch failed: ECONNREFUSED`, a timeout). */
export function fetchFailure(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `no answer within ${TIMEOUT_MS / 1000} s`;
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return (
    [error instanceof Error ? error.message : String(error), cause?.code ?? cause?.message]
      .filter(Boolean)
      .join(': ') || 'no response'
  );
}

type Answer = { redirect: string } | { visit: Visit; html?: string };

/**
 * Every page of the served build and every link on it, each URL requested once: start points
 * (every page file, sitemap, redirect targets), then whatever the pages link to, recursively
 * for local pages. Redirects are followed here, hop by hop, so a local address that redirects
 * off the site is not requested offline. Fragments are the fragment pass's job (fragments.ts).
 */
export async function crawlSite(options: CrawlOptions): Promise<CrawlResult> {
  const { localOrigin } = options;
  const local = (url: string) => url === localOrigin || url.startsWith(`${localOrigin}/`);
  const withoutFragment = (url: string) => {
    const parsed = new URL(toLocal(url, options.productionOrigin, localOrigin));
    parsed.hash = '';
    return parsed.href;
  };
  const limit = createLimiter(CONCURRENCY);
  const visits = new Map<string, Promise<Visit>>();
  const settled = new Map<string, Visit>();
  const read = new Set<string>();
  // Addresses that differ only in their query (`/login?next=/kampen` on every page) get the same
  // static page: read once, by path and content, and stood for by the first address read.
  const readings = new Map<string, string>();
  const skipped = new Set<string>();
  const broken: BrokenLink[] = [];
  const pending: Array<Promise<unknown>> = [];

  const request = async (url: string): Promise<Answer> => {
    try {
      const response = await fetch(url, {
        redirect: 'manual',
        // site serve would brotli-compress each page at the top quality, wasted on one reading.
        headers: { 'accept-encoding': 'identity', 'user-agent': 'site check' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        return { redirect: withoutFragment(new URL(location, url).href) };
      }
      const page = response.ok && local(url) && (response.headers.get('content-type') ?? '').includes('text/html');
      if (page) return { visit: { ok: true, landed: url }, html: await response.text() };
      await response.body?.cancel();
      return {
        visit: response.ok ? { ok: true, landed: url } : { ok: false, reason: `HTTP ${response.status}`, landed: url },
      };
    } catch (error) {
      return { visit: { ok: false, reason: fetchFailure(error), landed: url } };
    }
  };

  const readPage = (landed: string, html: string) => {
    options.onPage?.({ landed, html });
    const { links, invalid } = readLinks(html, landed);
    const source = sitePath(landed, localOrigin);
    for (const link of invalid) broken.push({ source, link, reason: 'not a valid URL' });
    const targets = new Set(
      links
        .filter((link) => link.protocol === 'http:' || link.protocol === 'https:')
        .map((link) => withoutFragment(link.href)),
    );
    for (const target of targets) {
      if (!local(target) && !options.external) {
        skipped.add(target);
        continue;
      }
      const blame = (result: Visit) => {
        if (!result.ok) broken.push({ source, link: sitePath(target, localOrigin), reason: result.reason! });
      };
      // Most links (the menu, the footer) were answered long ago: no promise to hold for those.
      const known = settled.get(target);
      if (known) blame(known);
      else pending.push(visit(target).then(blame));
    }
  };

  // Each hop is its own request (a redirect chain is followed anew from each address that starts
  // it, so two addresses redirecting to each other cannot wait on each other).
  const follow = async (url: string): Promise<Visit> => {
    let current = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (!local(current) && !options.external) {
        skipped.add(current);
        return { ok: true, landed: current };
      }
      const answer = await limit(() => request(current));
      if ('redirect' in answer) {
        current = answer.redirect;
        continue;
      }
      if (answer.html === undefined) return answer.visit;
      const path = new URL(current);
      path.search = '';
      const reading = `${path.href}\n${createHash('sha1').update(answer.html).digest('base64')}`;
      const first = readings.get(reading);
      if (first !== undefined) return { ...answer.visit, landed: first };
      readings.set(reading, current);
      read.add(current);
      readPage(current, answer.html);
      return answer.visit;
    }
    return { ok: false, reason: `more than ${MAX_REDIRECTS} redirects`, landed: current };
  };

  const visit = (url: string): Promise<Visit> => {
    let started = visits.get(url);
    if (!started) {
      started = follow(url).then((result) => {
        settled.set(url, result);
        return result;
      });
      visits.set(url, started);
    }
    return started;
  };

  const starts = options.starts.map((start) => ({ start, url: withoutFragment(start.url) }));
  for (const { url } of starts) pending.push(visit(url));
  while (pending.length) await Promise.all(pending.splice(0));

  // A start point that is broken is blamed on the build file that names it.
  for (const { start, url } of starts) {
    const result = settled.get(url);
    if (!result || result.ok) continue;
    for (const { source, note } of start.sources) {
      broken.push({
        source,
        link: sitePath(url, localOrigin),
        reason: note ? `${result.reason} (${note})` : result.reason!,
      });
    }
  }
  return { broken, pages: [...read].sort(), visits: settled, skipped: skipped.size };
}
