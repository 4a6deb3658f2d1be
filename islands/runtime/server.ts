import { createElement, type ComponentType } from 'preact';
import { renderToString } from 'preact-render-to-string';

// Per component, the HTML of recent props. Props that recur (the same form on every club page of a
// language) stay, being refreshed at every use; one-page props pass through.
const recent = new Map<unknown, Map<string, string>>();
const KEEP = 256;

function renderRemembered(component: unknown, props: object): string {
  const key = JSON.stringify(props);
  let byProps = recent.get(component);
  if (!byProps) recent.set(component, (byProps = new Map()));
  let html = byProps.get(key);
  if (html === undefined) {
    html = renderToString(createElement(component as ComponentType<object>, props));
    if (byProps.size >= KEEP) byProps.delete(byProps.keys().next().value as string);
  } else {
    byProps.delete(key);
  }
  byProps.set(key, html);
  return html;
}

/**
 * An island's server-side HTML, rendered by Preact (not React) so that hydration in the browser,
 * also Preact, finds exactly the markup it would have made. Called by templates/components/Island.tsx.
 * An island's HTML depends on its props alone (effects, which read the clock or the browser, do
 * not run on the server), so the same props give the HTML made before.
 */
export function renderIsland(component: unknown, props: object): string {
  return renderRemembered(component, props);
}
