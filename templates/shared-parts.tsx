import { renderToString } from './runtime/render.ts';
import { FooterContent } from './components/Footer.tsx';
import { SiteProvider, type SharedParts, type Site } from './lib/site.tsx';

// By the config and strings objects a build (or a `site dev` change) brings, then by language and
// build date: a new config or new strings are new objects, so nothing stale is ever reused.
const made = new WeakMap<object, WeakMap<object, Map<string, SharedParts>>>();

/**
 * The shared parts in this page's language, rendered on the first page of that language that a
 * thread renders and reused on every other (the footer is a quarter of a page's markup). They
 * are rendered with a site whose `page` cannot be read, so a part that came to depend on the
 * page fails loudly instead of showing one page's details on all of them.
 */
export function sharedParts(site: Omit<Site, 'shared'>): SharedParts {
  const { config, strings } = site.model;
  let byStrings = made.get(config);
  if (!byStrings) made.set(config, (byStrings = new WeakMap()));
  let byLanguage = byStrings.get(strings);
  if (!byLanguage) byStrings.set(strings, (byLanguage = new Map()));
  const key = `${site.locale}|${site.buildDate}`;
  let parts = byLanguage.get(key);
  if (!parts) {
    const pageless = Object.defineProperty({ ...site, shared: { footer: '' } }, 'page', {
      get() {
        throw new Error('a part shared by every page (templates/shared-parts.tsx) read the page it is on');
      },
    }) as Site;
    parts = {
      footer: renderToString(
        <SiteProvider value={pageless}>
          <FooterContent />
        </SiteProvider>,
      ),
    };
    byLanguage.set(key, parts);
  }
  return parts;
}
