import type { SiteConfig, RouteName } from './schema.ts';

/** Cross-field rules the schema cannot express. Each returns problems as [field, message]. */
export type ConfigRule = (config: SiteConfig) => Array<[field: string, message: string]>;

const placeholders = (path: string) => (path.match(/:[a-z]+/g) ?? []).sort().join(',');

/** Both languages of a route must take the same parameters (`:id`, `:slug`). */
export const sameParametersPerLocale: ConfigRule = (config) =>
  Object.entries(config.routes)
    .filter(([, route]) => placeholders(route.nl) !== placeholders(route.en))
    .map(([name, route]) => [`routes.${name}`, `nl (${route.nl}) and en (${route.en}) must use the same :parameters`]);

/** Two routes of one language may not share a fixed path. */
export const uniquePathsPerLocale: ConfigRule = (config) => {
  const found: Array<[string, string]> = [];
  for (const locale of config.locales.all) {
    const seen = new Map<string, string>();
    for (const [name, route] of Object.entries(config.routes)) {
      const other = seen.get(route[locale]);
      if (other) found.push([`routes.${name}.${locale}`, `${route[locale]} is also the path of route "${other}"`]);
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
    .map((segment) => [`legacy.${segment}`, `/${segment} is the path of a page; a redirect would hide it`]);
};

export const configRules: ConfigRule[] = [sameParametersPerLocale, uniquePathsPerLocale, legacyDoesNotShadowPages];

export const isRouteName = (config: SiteConfig, name: string): name is RouteName => name in config.routes;
