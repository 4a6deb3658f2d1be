import type { PageRoute } from '../../cli/routes/types.ts';

/** Searchable page routes of these URLs (cli/build/search-rendered.ts, isSearchable): English under /en, else Dutch. */
export const searchRoutes = (urls: readonly string[]): PageRoute[] =>
  urls.map(
    (url) =>
      ({
        canonical: url,
        locale: url.startsWith('/en') ? 'en' : 'nl',
        route: 'page',
        shell: false,
        alternates: {},
        entity: { kind: 'page' },
      }) as unknown as PageRoute,
  );
