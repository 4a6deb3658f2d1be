import type { SiteConfig } from '../../shared/config.ts';
import { isListed } from '../../shared/listing.ts';
import type { PageRoute } from '../routes/types.ts';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => `&${({ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' } as const)[c as '<']};`,
  );

/** sitemap.xml: every canonical page once, with its hreflang alternates and last change. */
export function renderSitemap(config: SiteConfig, pages: PageRoute[], buildDate: string): string {
  const url = (path: string) => escapeXml(`${config.url}${path === '/' ? '' : path}`);
  const entries = pages
    // Not the staging login (robots.txt disallows it: a sitemap must not list what robots may not
    // fetch) nor a form's result page.
    .filter((page) => isListed(page) && page.alternates)
    .map((page) => {
      const alternates = Object.entries(page.alternates!)
        .map(([lang, path]) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${url(path)}"/>`)
        .join('\n');
      return `  <url>\n    <loc>${url(page.canonical)}</loc>\n    <lastmod>${page.lastmod ?? buildDate}</lastmod>\n${alternates}\n  </url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

export function renderRobots(config: SiteConfig): string {
  return `User-agent: *\nAllow: /\nDisallow: /staging-login\nDisallow: /nl/staging-login\nDisallow: /en/staging-login\n\nSitemap: ${config.url}/sitemap.xml\n`;
}
