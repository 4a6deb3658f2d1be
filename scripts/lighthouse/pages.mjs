// The pages Lighthouse visits: one of each kind issue 9 names, in Dutch (the default language).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Fixed pages by path; item pages (a club, an article, a sign-up) are the first of their kind in the sitemap. */
const KINDS = [
  { name: 'home', path: '/' },
  { name: 'clubs', path: '/verenigingen' },
  { name: 'club', pattern: /^\/verenigingen\/\d+-[^/]+$/ },
  { name: 'news article', pattern: /^\/nieuws\/\d+-[^/]+$/ },
  { name: 'events', path: '/evenementen' },
  { name: 'event sign-up', pattern: /^\/evenementen\/\d+-[^/]+\/inschrijven$/ },
  { name: 'contact', path: '/contact' },
  { name: 'login', path: '/login' },
];

export async function lighthousePages(dist) {
  const sitemap = await readFile(join(dist, 'public', 'sitemap.xml'), 'utf8');
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return KINDS.map((kind) => {
    const path = kind.path ?? paths.find((candidate) => kind.pattern.test(candidate));
    if (!path) throw new Error(`lighthouse: the sitemap has no ${kind.name} page (${kind.pattern})`);
    return { name: kind.name, path };
  });
}
