import { createElement } from 'react';
import { islands, needsToaster, type IslandName, type IslandProps, renderIsland } from '../../islands/index.ts';
import { useSite, type Site } from '../lib/site.tsx';

/** When an island comes alive: at once, when the browser is idle, near the viewport, or never (HTML only). */
export type LoadStrategy = 'load' | 'idle' | 'visible' | 'none';

/** The islands one page hydrates, collected while it renders (keyed by its Site, one per page). */
const pageIslands = new WeakMap<Site, Set<IslandName>>();

/**
 * An island in a template: its component rendered by Preact into a <site-island> boundary that
 * carries its name, script and JSON props, for islands/loader.ts to hydrate. `load="none"` keeps
 * the HTML and ships no script (an avatar without an image needs none). Props are data: they are
 * JSON in an attribute, not an inline script, which the CSP would refuse.
 */
export function Island<N extends IslandName>({
  name,
  props,
  load,
}: {
  name: N;
  props: IslandProps<N>;
  load: LoadStrategy;
}) {
  const site = useSite();
  const html = renderIsland(islands[name], props);
  // No URL when islands were not bundled (a template test): the HTML is still right, just inert.
  const src = load === 'none' ? undefined : site.assets.islands[name];
  if (src) {
    const used = pageIslands.get(site) ?? new Set<IslandName>();
    used.add(name);
    pageIslands.set(site, used);
  }
  return createElement('site-island', {
    'data-island': name,
    ...(src ? { 'data-src': src, 'data-load': load, 'data-props': JSON.stringify(props) } : {}),
    dangerouslySetInnerHTML: { __html: html },
  });
}

/**
 * The end of <body>: the toaster when the page has a form, and the loader when the page has
 * islands at all. Rendered after the page's content (React renders in document order), so it
 * knows which islands the page used. A page without islands gets nothing: no script at all.
 */
export function IslandScripts() {
  const site = useSite();
  const used = pageIslands.get(site);
  if (!used?.size || !site.assets.islands.loader) return null;
  const toaster = [...used].some((name) => needsToaster.has(name));
  return (
    <>
      {toaster && (
        <Island
          name="toaster"
          props={{ label: site.t('toasts.region'), closeLabel: site.t('common.close') }}
          load="idle"
        />
      )}
      <script type="module" src={site.assets.islands.loader} />
    </>
  );
}
