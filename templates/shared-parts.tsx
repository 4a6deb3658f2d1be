import { renderToString } from './runtime/render.ts';
import { FooterContent } from './components/Footer.tsx';
import { perSiteText, type SiteTextMemo } from './lib/per-site-text.ts';
import { SiteProvider, type SharedParts, type Site } from './lib/site.tsx';

const made: SiteTextMemo<SharedParts> = new WeakMap();

/**
 * The shared parts in this page's language, rendered on the first page of that language that a
 * thread renders and reused on every other (the footer is a quarter of a page's markup). They
 * are rendered with a site whose `page` cannot be read, so a part that came to depend on the
 * page fails loudly instead of showing one page's details on all of them.
 */
export function sharedParts(site: Omit<Site, 'shared'>): SharedParts {
  return perSiteText(made, site.model, `${site.locale}|${site.buildDate}`, () => {
    const pageless = Object.defineProperty({ ...site, shared: { footer: '' } }, 'page', {
      get() {
        throw new Error('a part shared by every page (templates/shared-parts.tsx) read the page it is on');
      },
    }) as Site;
    return {
      footer: renderToString(
        <SiteProvider value={pageless}>
          <FooterContent />
        </SiteProvider>,
      ),
    };
  });
}
