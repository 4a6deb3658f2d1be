import { createElement, type ComponentType } from 'preact';
import { renderToString } from 'preact-render-to-string';

/**
 * An island's server-side HTML, rendered by Preact (not React) so that hydration in the browser,
 * also Preact, finds exactly the markup it would have made. Called by templates/components/Island.tsx.
 */
export function renderIsland(component: unknown, props: object): string {
  return renderToString(createElement(component as ComponentType<object>, props));
}
