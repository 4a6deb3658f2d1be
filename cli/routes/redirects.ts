import type { RouteName, SiteConfig } from '../../shared/config.ts';
import type { Locale } from '../../shared/locale.ts';
import type { SiteModel } from '../content/types.ts';
import { fillPattern, pathVariants, routePath, withPrefix } from '../../shared/paths.ts';
import type { Origin, Redirect } from './types.ts';
import { clubLabel } from '../content/club-label.ts';
import { itemParams, routedKinds } from './items.ts';

const CLUBS_FILE = 'content/data/clubs.yaml';

/**
 * Where each rule came from, so a collision can name the club, article or legacy entry behind
 * it (issue 11). Kept beside the rules, not in them: the rules are written as they are to
 * redirects.json, _redirects and the functions bundle, which have no use for content paths.
 */
const origins = new WeakMap<Redirect, Origin>();
export const redirectOrigin = (redirect: Redirect): Origin | undefined => origins.get(redirect);

/**
 * The one redirect map (DESIGN.md): club name slugs, id-only and wrong-slug paths of clubs,
 * events and news, legacy paths under /, /nl and /en, and the clubs' old WordPress paths.
 * Pure; emitted for Firebase, `_redirects` and `site serve` by the write stage.
 */
export function buildRedirects(model: SiteModel): Redirect[] {
  const { config } = model;
  const redirects: Redirect[] = [];
  const to301 = (from: string, to: string, origin: Origin) => {
    const redirect: Redirect = { from, to, status: 301 };
    origins.set(redirect, origin);
    redirects.push(redirect);
  };

  /**
   * For each published variant of an item's page: id-only and any-slug paths lead to it. A page
   * below an item's (an event's sign-up) gets its id-only paths; a wrong slug before it is the
   * item's own any-slug rule, which keeps what follows the slug (functions/redirects.ts).
   */
  const itemRedirects = (
    route: RouteName,
    id: number,
    slugs: Record<Locale, string>,
    originOf: (locale: Locale) => Origin,
    anySlug = true,
  ) => {
    for (const locale of ['nl', 'en'] as const) {
      const pattern = config.routes[route][locale];
      const targets = pathVariants(locale, fillPattern(pattern, { id, slug: slugs[locale] }));
      const idOnly = pathVariants(locale, pattern.replace(':id-:slug', String(id)));
      const wrongSlug = pathVariants(locale, pattern.replace(':id-:slug', `${id}-*`));
      targets.forEach((target, variant) => {
        to301(idOnly[variant]!, target, originOf(locale));
        if (anySlug) to301(wrongSlug[variant]!, target, originOf(locale));
      });
    }
  };

  model.clubs.forEach((club, index) => {
    const origin = (field: string): Origin => ({
      file: CLUBS_FILE,
      entry: clubLabel(model.clubs, index),
      at: [index, field],
    });
    itemRedirects('club', club.id, { nl: club.slug, en: club.slug }, () => origin('id'));
    for (const locale of ['nl', 'en'] as const) {
      const targets = pathVariants(locale, fillPattern(config.routes.club[locale], { id: club.id, slug: club.slug }));
      const bySlug = pathVariants(locale, config.routes.club[locale].replace(':id-:slug', club.slug));
      targets.forEach((target, variant) => to301(bySlug[variant]!, target, origin('name')));
    }
    // Only clubs of the old WordPress site have an old path to keep alive.
    if (club.wpPath === undefined) return;
    const wp = club.wpPath.replace(/\/$/, '');
    const clubPage = routePath(config, 'club', 'nl', { id: club.id, slug: club.slug });
    to301(wp, clubPage, origin('wpPath'));
    to301(`${wp}/`, clubPage, origin('wpPath'));
  });
  // Each item of a content kind, for each of its kind's item pages (cli/content/kinds.ts).
  for (const { kind, items } of routedKinds(model)) {
    for (const item of items) {
      const params = itemParams(item);
      const origin = (locale: Locale): Origin => ({ file: item[locale].source, at: ['id'] });
      for (const page of kind.itemPages)
        itemRedirects(
          page.route as RouteName,
          item.nl.data.id,
          { nl: params.nl.slug, en: params.en.slug },
          origin,
          page.anySlug,
        );
    }
  }

  for (const [segment, target] of Object.entries(config.legacy)) {
    for (const [prefix, locale] of [
      ['', 'nl'],
      ['/nl', 'nl'],
      ['/en', 'en'],
    ] as const) {
      const from = `${prefix}/${segment}`;
      const to = legacyTarget(config, target, locale, prefix);
      // `sitemap.xml: /sitemap.xml` sends /nl and /en to the real file; the root one is that file.
      if (from !== to)
        to301(from, to, { file: 'site.config.yaml', entry: `legacy path /${segment}`, at: ['legacy', segment] });
    }
  }
  return redirects;
}

function legacyTarget(config: SiteConfig, target: string, locale: Locale, prefix: string): string {
  if (!(target in config.routes)) return target;
  return withPrefix(prefix, config.routes[target as RouteName][locale]);
}
