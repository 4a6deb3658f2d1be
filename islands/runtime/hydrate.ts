import { createElement, hydrate, type ComponentType } from 'preact';

/**
 * Attach an island's component to its server-rendered boundary. Loaded by the loader only once a
 * first island is due, so a page whose islands all wait for visibility downloads no Preact yet.
 */
export function hydrateIsland(component: unknown, boundary: Element, props: object): void {
  hydrate(createElement(component as ComponentType<object>, props), boundary);
}
