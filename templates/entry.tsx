import { renderToString } from './runtime/render.ts';
import type { ComponentType } from 'react';
import type { RenderInput } from './render-input.ts';
import { createSite } from './create-site.ts';
import { SiteProvider } from './lib/site.tsx';
import { ImagesContext } from './lib/images.tsx';
import { pageComponent } from './pages/index.ts';
import type { PageFound } from './lib/share-card.ts';

/**
 * Render one page to a complete HTML document. Called by the build for every page; `found`
 * receives what the page asks of later stages (its social card).
 */
export function renderPage(input: RenderInput, found?: PageFound): string {
  const site = createSite(input, found);
  const Page: ComponentType = pageComponent(input.page.route);
  return `<!doctype html>${renderToString(
    <SiteProvider value={site}>
      <ImagesContext.Provider value={input.images}>
        <Page />
      </ImagesContext.Provider>
    </SiteProvider>,
  )}`;
}
