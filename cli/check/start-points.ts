import { readFile, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { StartPoint } from './types.ts';

interface DistFiles {
  /** Production origin from site.json (`https://www.example.nl`): sitemap and canonical URLs use it. */
  url: string;
  rewrites: Array<{ source: string; destination: string }>;
}

/** A production URL (or a site path) as a URL on the local server; other origins stay as they are. */
export function toLocal(link: string, productionOrigin: string, localOrigin: string): string {
  const origin = productionOrigin.replace(/\/+$/, '');
  if (
    link === origin ||
    link.startsWith(`${origin}/`) ||
    link.startsWith(`${origin}?`) ||
    link.startsWith(`${origin}#`)
  ) {
    return new URL(link.slice(origin.length) || '/', localOrigin).href;
  }
  return new URL(link, localOrigin).href;
}

/**
 * The clean URL a page file is served at: index.html -> /, kampen.html -> /kampen. A shell page
 * (`[id].html`) has no path of its own: it is served through a rewrite (site.json), so it is
 * visited at the rewrite's source with a made-up id, as a visitor's browser reaches it.
 */
export function pagePath(file: string, rewrites: DistFiles['rewrites']): string | undefined {
  const path = `/${file.split(sep).join('/')}`;
  if (path.includes('[')) {
    const rewrite = rewrites.find((r) => r.destination === path);
    return rewrite?.source.replace(/:[A-Za-z_]+/g, 'site-check');
  }
  return (
    path
      .replace(/(^|\/)index\.html$/, '$1')
      .replace(/\.html$/, '')
      .replace(/(.)\/$/, '$1') || '/'
  );
}

async function pageFiles(publicDir: string): Promise<string[]> {
  const entries = await readdir(publicDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(publicDir, join(entry.parentPath, entry.name)))
    .sort();
}

const readText = (file: string) => readFile(file, 'utf8').catch(() => '');

/** Every <loc> and hreflang alternate of sitemap.xml (XML entities of URLs undone). */
export function sitemapUrls(xml: string): string[] {
  const urls = [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>|<xhtml:link\b[^>]*\bhref="([^"]+)"/g)].map(
    (m) => (m[1] ?? m[2])!,
  );
  return urls.map((url) =>
    url
      .replace(/&amp;/g, '&')
      .replace(/&apos;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>'),
  );
}

/**
 * Where the crawl starts: every page file of the build (so a page no link reaches is still
 * checked), every URL of the sitemap and robots.txt (production URLs, mapped to the local
 * server), and every redirect target (a redirect to a page that is gone is a broken link too).
 */
export async function startPoints(distDir: string, localOrigin: string): Promise<StartPoint[]> {
  const site = JSON.parse(await readFile(join(distDir, 'site.json'), 'utf8')) as DistFiles;
  const points = new Map<string, StartPoint>();
  const add = (link: string, source: string, note?: string) => {
    const url = toLocal(link, site.url, localOrigin);
    const point = points.get(url) ?? { url, sources: [] };
    point.sources.push(note === undefined ? { source } : { source, note });
    points.set(url, point);
  };

  for (const file of await pageFiles(join(distDir, 'public'))) {
    const path = pagePath(file, site.rewrites);
    if (path) add(path, 'dist/public', file);
  }
  for (const url of sitemapUrls(await readText(join(distDir, 'public', 'sitemap.xml')))) add(url, 'sitemap.xml');
  for (const match of (await readText(join(distDir, 'public', 'robots.txt'))).matchAll(/^sitemap:\s*(\S+)/gim))
    add(match[1]!, 'robots.txt');

  const redirects = JSON.parse((await readText(join(distDir, 'redirects.json'))) || '{"redirects":[]}') as {
    redirects: Array<{ from: string; to: string }>;
  };
  for (const { from, to } of redirects.redirects) add(to, 'redirects.json', `redirect from ${from}`);
  return [...points.values()];
}
