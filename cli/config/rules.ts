import type { FieldPath } from '../source/yaml-source.ts';
import { didYouMean } from '../source/suggest.ts';
import { builtInRoutes, type NavLink, type SiteConfig } from '../../shared/config.ts';

/** Cross-field rules the schema cannot express. Each returns problems as [field path, message]. */
export type ConfigRule = (config: SiteConfig) => Array<[field: FieldPath, message: string]>;

const placeholders = (path: string) => (path.match(/:[a-z]+/g) ?? []).sort().join(',');

/** The routes the code names are there; a missing one is most often a renamed one. */
export const builtInRoutesDeclared: ConfigRule = (config) => {
  const own = Object.keys(config.routes).filter((name) => !(builtInRoutes as readonly string[]).includes(name));
  return builtInRoutes
    .filter((name) => !(name in config.routes))
    .map((name) => [
      ['routes', name],
      `the route "${name}" is missing${didYouMean(name, own)}: the site's templates link to it, so it needs its nl and en paths`,
    ]);
};

/** Both languages of a route must take the same parameters (`:id`, `:slug`). */
export const sameParametersPerLocale: ConfigRule = (config) =>
  Object.entries(config.routes)
    .filter(([, route]) => placeholders(route.nl) !== placeholders(route.en))
    .map(([name, route]) => [['routes', name], `nl (${route.nl}) and en (${route.en}) must use the same :parameters`]);

/** Two routes of one language may not share a fixed path. */
export const uniquePathsPerLocale: ConfigRule = (config) => {
  const found: Array<[FieldPath, string]> = [];
  for (const locale of config.locales.all) {
    const seen = new Map<string, string>();
    for (const [name, route] of Object.entries(config.routes)) {
      const other = seen.get(route[locale]);
      if (other) found.push([['routes', name, locale], `${route[locale]} is also the path of route "${other}"`]);
      seen.set(route[locale], name);
    }
  }
  return found;
};

/** A legacy path must not shadow a real page, or that page could never be reached. */
export const legacyDoesNotShadowPages: ConfigRule = (config) => {
  const pagePaths = new Set(Object.values(config.routes).flatMap((r) => [r.nl, r.en]));
  return Object.keys(config.legacy)
    .filter((segment) => pagePaths.has(`/${segment}`))
    .map((segment) => [['legacy', segment], `/${segment} is the path of a page; a redirect would hide it`]);
};

const unknownRoute = (config: SiteConfig, name: string) =>
  `there is no route "${name}"${didYouMean(name, Object.keys(config.routes))}; routes are declared under routes:`;

/** Every route the menus and legacy paths name is declared. */
export const namedRoutesExist: ConfigRule = (config) => {
  const found: Array<[FieldPath, string]> = [];
  const link = (item: NavLink, path: FieldPath) => {
    if ('route' in item && !(item.route in config.routes))
      found.push([[...path, 'route'], unknownRoute(config, item.route)]);
  };
  config.navigation.forEach((item, index) => {
    if ('children' in item) item.children.forEach((child, at) => link(child, ['navigation', index, 'children', at]));
    else link(item, ['navigation', index]);
  });
  config.footer.forEach((item, index) => link(item, ['footer', index]));
  for (const [segment, target] of Object.entries(config.legacy)) {
    if (!/^(\/|https:)/.test(target) && !(target in config.routes))
      found.push([['legacy', segment], unknownRoute(config, target)]);
  }
  return found;
};

export const configRules: ConfigRule[] = [
  builtInRoutesDeclared,
  sameParametersPerLocale,
  uniquePathsPerLocale,
  legacyDoesNotShadowPages,
  namedRoutesExist,
];
