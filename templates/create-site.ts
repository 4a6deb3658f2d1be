import type { Strings } from '../cli/content/schemas/data.ts';
import { routePath } from '../shared/paths.ts';
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

function lookup(strings: Strings, key: string): string | undefined {
  let byKey = flattened.get(strings);
  if (!byKey) flattened.set(strings, (byKey = flatten(strings)));
  return byKey.get(key);
}

/** A page's Site: its render input with the UI strings, route paths and shared parts its template reads. */
export function createSite(input: RenderInput, found?: PageFound): Site {
  const locale = input.page.locale;
  const site: Omit<Site, 'shared'> = {
    ...input,
    locale,
    t(key, params = {}) {
      const text = lookup(input.model.strings[locale], key) ?? lookup(input.model.strings.nl, key);
      if (text === undefined) throw new Error(`UI string "${key}" is missing from content/${locale}/strings.yaml`);
      return text.includes('{')
        ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
        : text;
    },
    href: (route, params = {}, other = locale) => routePath(input.model.config, route, other, params),
  };
  return { ...site, shared: sharedParts(site), ...(found ? { found } : {}) };
}
