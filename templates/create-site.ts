import type { Strings } from '../cli/content/schemas/data.ts';
import { routePath } from '../shared/paths.ts';
import { perSiteText, type SiteTextMemo } from './lib/per-site-text.ts';
import type { PageFound } from './lib/share-card.ts';
import type { Site } from './lib/site.tsx';
import type { RenderInput } from './render-input.ts';
import { sharedParts } from './shared-parts.tsx';

// Every string of a strings file by its dotted key, made once per file: pages ask for hundreds.
const flattened = new WeakMap<Strings, Map<string, string>>();

function flatten(strings: Strings, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(strings)) {
    if (typeof value === 'string') into.set(prefix + key, value);
    else if (value && typeof value === 'object') flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

function stringsByKey(strings: Strings): Map<string, string> {
  let byKey = flattened.get(strings);
  if (!byKey) flattened.set(strings, (byKey = flatten(strings)));
  return byKey;
}

// The paths of routes without parameters, by language and route: pages link to the same few
// dozen (the menu, the footer, the breadcrumb) thousands of times a build.
const plainPaths: SiteTextMemo<string> = new WeakMap();

// A site's shared parts are rendered with the site itself: until then it has none.
const NO_SHARED_YET: Site['shared'] = { footer: '' };

/** A page's Site: its render input with the UI strings, route paths and shared parts its template reads. */
export function createSite(input: RenderInput, found?: PageFound): Site {
  const { model } = input;
  const locale = input.page.locale;
  const own = stringsByKey(model.strings[locale]);
  const dutch = stringsByKey(model.strings.nl);
  const { page, images, assets, buildDate } = input;
  // Built field by field, not spread from the input: every page makes one (issue 21).
  const site: Site = {
    page,
    model,
    images,
    assets,
    buildDate,
    locale,
    t(key, params = {}) {
      const text = own.get(key) ?? dutch.get(key);
      if (text === undefined) throw new Error(`UI string "${key}" is missing from content/${locale}/strings.yaml`);
      return text.includes('{')
        ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
        : text;
    },
    href: (route, params, other = locale) =>
      params
        ? routePath(model.config, route, other, params)
        : perSiteText(plainPaths, model, `${other} ${route}`, () => routePath(model.config, route, other)),
    shared: NO_SHARED_YET,
    found,
  };
  site.shared = sharedParts(site);
  return site;
}
