/**
 * What the templates make once per config and strings and reuse on every page
 * (templates/lib/per-site-text.ts, issue 21): the menu's links per route, a route's plain path.
 * Each page must still get its own (the current link marked on its route only), and new config
 * or strings (a rebuild, a `site dev` edit) must get new ones.
 */
import { describe, expect, test } from 'vitest';
import { siteFor } from '../auth/helpers/site.ts';
import { createSite } from '../../templates/create-site.ts';
import { navItems, type NavItem, type NavLinkItem } from '../../templates/lib/navigation.ts';
import { perSiteText, type SiteTextMemo } from '../../templates/lib/per-site-text.ts';
import type { Site } from '../../templates/lib/site.tsx';
import type { SiteModel } from '../../cli/content/types.ts';
import { recordReads } from '../../shared/model-reads.ts';

const links = (items: NavItem[]): NavLinkItem[] =>
  items.flatMap((item) => ('children' in item ? item.children : [item]));
/** The same model's page at another route. */
const pageAt = (site: Site, route: string): Site => createSite({ ...site, page: { ...site.page, key: route, route } });
const withModel = (site: Site, model: SiteModel): Site => createSite({ ...site, model });

describe('made once per config, strings and key', () => {
  const config = {};
  const strings = {};
  const model = { config, strings } as unknown as SiteModel;
  test.each([
    ['the same model and key: made once', model, 'a', 1],
    ["another page's recording model, the same config and strings: made once", recordReads(model).model, 'a', 1],
    ['another key: made again', model, 'b', 2],
    ['new strings: made again', { config, strings: {} } as unknown as SiteModel, 'a', 2],
    ['a new config: made again', { config: {}, strings } as unknown as SiteModel, 'a', 2],
  ])('%s', (_, second, secondKey, made) => {
    const memo: SiteTextMemo<object> = new WeakMap();
    let count = 0;
    const make = () => ({ made: ++count });
    const first = perSiteText(memo, model, 'a', make);
    expect(perSiteText(memo, second, secondKey, make) === first).toBe(made === 1);
    expect(count).toBe(made);
  });
});

describe("the menu's links", () => {
  const login = siteFor('nl');
  const route = links(navItems(login)).find((link) => !link.external)!;
  const routeName = Object.entries(login.model.config.routes).find(([, path]) => path.nl === route.href)![0];

  test('each route gets its own link marked, and only that one; the others none', () => {
    expect(links(navItems(login)).some((link) => link.current)).toBe(false);
    const onRoute = links(navItems(pageAt(login, routeName)));
    expect(onRoute.filter((link) => link.current).map((link) => link.href)).toEqual([route.href]);
    expect(links(navItems(pageAt(login, 'login'))).some((link) => link.current)).toBe(false);
  });

  test('in the page language; a new model with other strings gets the new labels', () => {
    expect(links(navItems(siteFor('en'))).map((link) => link.href)).not.toEqual(
      links(navItems(login)).map((link) => link.href),
    );
    const label = navItems(login)[0]!.label;
    const flat = JSON.stringify(login.model.strings.nl).replaceAll(`"${label}"`, '"Nieuw label"');
    const edited = withModel(login, { ...login.model, strings: { ...login.model.strings, nl: JSON.parse(flat) } });
    expect(navItems(edited)[0]!.label).toBe('Nieuw label');
    expect(navItems(login)[0]!.label).toBe(label);
  });
});

describe("a route's path without parameters", () => {
  test("in the page's language or the one asked for; a new model's routes are read anew", () => {
    const nl = siteFor('nl');
    const camps = nl.model.config.routes.camps!;
    expect(nl.href('camps')).toBe(camps.nl);
    expect(nl.href('camps', undefined, 'en')).toBe(`/en${camps.en}`);
    expect(siteFor('en').href('camps')).toBe(`/en${camps.en}`);
    const routes = { ...nl.model.config.routes, camps: { ...camps, nl: '/zomerkampen', en: '/summer-camps' } };
    const moved = withModel(nl, { ...nl.model, config: { ...nl.model.config, routes } });
    expect(moved.href('camps')).toBe('/zomerkampen');
    expect(nl.href('camps')).toBe(camps.nl);
  });

  test('a route that needs a parameter still says so when it has none', () => {
    const nl = siteFor('nl');
    const needing = Object.entries(nl.model.config.routes).find(([, path]) => path.nl.includes(':'))![0];
    expect(() => nl.href(needing)).toThrow(/needs :/);
    expect(() => nl.href(needing)).toThrow(/needs :/);
  });
});
