import { renderToString } from 'react-dom/server';
import type { ComponentType } from 'react';
import type { RenderInput } from '../cli/build/types.ts';
import { createSite, SiteProvider } from './lib/site.tsx';
import { ImagesContext } from './lib/images.tsx';
import { pageComponents } from './pages/index.ts';

export { pageInputs } from './inputs.ts';

/** Render one page to a complete HTML document. Called by the build for every page. */
export function renderPage(input: RenderInput): string {
  const site = createSite(input);
  const Page: ComponentType = pageComponents[input.page.route];
  return `<!doctype html>${renderToString(
    <SiteProvider value={site}>
      <ImagesContext.Provider value={input.images}>
        <Page />
      </ImagesContext.Provider>
    </SiteProvider>,
  )}`;
}
