import type { Locale, RouteName, SiteConfig } from '../config/schema.ts';
import type { SiteModel } from '../content/types.ts';
import { fillPattern, pathVariants, routePath, withPrefix } from './paths.ts';
import type { Redirect } from './types.ts';

/**
 * The one redirect map (DESIGN.md): club name slugs, id-only and wrong-slug paths of clubs,
 * events and news, legacy paths under /, /nl and /en, and the clubs' old WordPress paths.
 * Pure; emitted for Firebase, `_redirects` and `site serve` by the write stage.
 */
export function buildRedirects(model: SiteModel): Redirect[] {
  const { config } = model;
  const redirects: Redirect[] = [];
  const to301 = (from: string, to: string) => redirects.push({ from, to, status: 301 });

  /** For each published variant of an item's page: id-only and any-slug paths lead to it. */
  const itemRedirects = (route: RouteName, id: number, slugs: Record<Locale, string>) => {
    for (const locale of ['nl', 'en'] as const) {
      const pattern = config.routes[route][locale];
      const targets = pathVariants(locale, fillPattern(pattern, { id, slug: slugs[locale] }));
      const idOnly = pathVariants(locale, pattern.replace(':id-:slug', String(id)));
      const anySlug = pathVariants(locale, pattern.replace(':id-:slug', `${id}-*`));
      targets.forEach((target, variant) => {
        to301(idOnly[variant]!, target);
        to301(anySlug[variant]!, target);
      });
    }
  };

  for (const club of model.clubs) {
    itemRedirects('club', club.id, { nl: club.slug, en: club.slug });
    for (const locale of ['nl', 'en'] as const) {
      const targets = pathVariants(locale, fillPattern(config.routes.club[locale], { id: club.id, slug: club.slug }));
      const bySlug = pathVariants(locale, config.routes.club[locale].replace(':id-:slug', club.slug));
      targets.forEach((target, variant) => to301(bySlug[variant]!, target));
    }
    const wp = club.wpPath.replace(/\/$/, '');
    const clubPage = routePath(config, 'club', 'nl', { id: club.id, slug: club.slug });
    to301(wp, clubPage);
    to301(`${wp}/`, clubPage);
  }
  for (const item of model.news) itemRedirects('news-article', item.nl.data.id, { nl: item.nl.data.slug, en: item.en.data.slug });
  for (const item of model.events) itemRedirects('event', item.nl.data.id, { nl: item.nl.data.slug, en: item.en.data.slug });

  for (const [segment, target] of Object.entries(config.legacy)) {
    for (const [prefix, locale] of [['', 'nl'], ['/nl', 'nl'], ['/en', 'en']] as const) {
      const from = `${prefix}/${segment}`;
      const to = legacyTarget(config, target, locale, prefix);
      // `sitemap.xml: /sitemap.xml` sends /nl and /en to the real file; the root one is that file.
      if (from !== to) to301(from, to);
    }
  }
  return redirects;
}

function legacyTarget(config: SiteConfig, target: string, locale: Locale, prefix: string): string {
  if (!(target in config.routes)) return target;
  return withPrefix(prefix, config.routes[target as RouteName][locale]);
}
