import { createElement, type ComponentType } from 'preact';
import { renderToString } from 'preact-render-to-string';

/** One piece of an island made of pieces side by side: a component and its props. */
export interface IslandPart {
  /** A component of the island (written against React's API, Preact at run time). */
  component: unknown;
  props: object;
}

/**
 * The parts of an island whose output is a fragment of components side by side (the site header:
 * menu, language switch, account menu): islands/index.ts lists them. The server renders each part
 * on its own, so a part that is the same on thousands of pages is rendered once. Preact writes a
 * fragment as its children one after another, so the joined HTML is the HTML of the whole.
 */
export type IslandParts<P> = (props: P) => IslandPart[];

// Per component, the HTML of recent props. Props that recur (one menu per page type and language)
// stay, being refreshed at every use; one-page props (a language switch's link) pass through.
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
export function renderIsland(component: unknown, props: object, parts?: IslandParts<never>): string {
  if (parts) return parts(props as never).map((part) => renderRemembered(part.component, part.props)).join('');
  return renderRemembered(component, props);
}
