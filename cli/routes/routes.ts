import type { RouteName } from '../../shared/config.ts';
import type { Locale } from '../../shared/locale.ts';
import { locales } from '../../shared/locale.ts';
import type { SiteModel } from '../content/types.ts';
import { failureReasons, formKinds } from '../../functions/form-results.ts';
import { NEWS_PER_PAGE } from '../../shared/listing.ts';
import { fillPattern, pathVariants, type RouteParams } from '../../shared/paths.ts';
import type { PageEntity, PageRoute } from './types.ts';
import { itemParams, itemRoutes, routedKinds } from './items.ts';

/** Routes with pages of their own making: lists, clubs, items of the content kinds, form results. */
const COLLECTION_ROUTES = new Set<string>([
  'news',
  'news-page',
  'club',
  'registration',
  'form-sent',
  'form-failed',
  ...itemRoutes(),
]);

/**
 * The whole site as a list of pages: every route in every language, with its paths,
 * canonical and alternates. Pure: the heart of the build, tested as a table.
 */
export function buildRoutes(model: SiteModel): PageRoute[] {
  const { config } = model;
  const pages: PageRoute[] = [];

  const add = (
    route: RouteName,
    entity: PageEntity,
    params: Record<Locale, RouteParams>,
    extra: { shell?: boolean; lastmod?: string } = {},
  ) => {
    const paths = Object.fromEntries(
      locales.map((locale) => [
        locale,
        pathVariants(locale, fillPattern(config.routes[route][locale], params[locale])),
      ]),
    ) as Record<Locale, string[]>;
    const alternates = { nl: paths.nl[0]!, en: paths.en[0]!, 'x-default': paths.nl[0]! };
    for (const locale of locales) {
      pages.push({
        key:
          entity.kind === 'static'
            ? route
            : `${route}:${'id' in entity ? entity.id : entity.kind === 'listing' ? entity.page : ''}`,
        route,
        locale,
        layout: config.routes[route].layout,
        entity,
        paths: paths[locale],
        canonical: paths[locale][0]!,
        ...(extra.shell ? {} : { alternates }),
        shell: extra.shell ?? false,
        ...(extra.lastmod ? { lastmod: extra.lastmod } : {}),
      });
    }
  };
  const same = (params: RouteParams): Record<Locale, RouteParams> => ({ nl: params, en: params });

  for (const route of Object.keys(config.routes) as RouteName[]) {
    if (!COLLECTION_ROUTES.has(route)) add(route, { kind: 'static' }, same({}));
  }
  const newsPages = Math.max(1, Math.ceil(model.news.length / NEWS_PER_PAGE));
  add('news', { kind: 'listing', page: 1, pages: newsPages }, same({}));
  for (let page = 2; page <= newsPages; page++)
    add('news-page', { kind: 'listing', page, pages: newsPages }, same({ id: page }));
  // Each item of a content kind, at each of its kind's item pages (cli/content/kinds.ts).
  for (const { kind, items } of routedKinds(model)) {
    for (const item of items) {
      const date = kind.publishDate === undefined ? undefined : item.nl.data[kind.publishDate];
      for (const page of kind.itemPages)
        add(
          page.route as RouteName,
          { kind: kind.entity, id: item.nl.data.id },
          itemParams(item),
          typeof date === 'string' ? { lastmod: date } : {},
        );
    }
  }
  for (const club of model.clubs) add('club', { kind: 'club', id: club.id }, same({ id: club.id, slug: club.slug }));
  // A page per form and per reason: a static page cannot read what a post answered, so each says one thing.
  for (const id of formKinds) add('form-sent', { kind: 'form-result', id }, same({ id }));
  for (const id of failureReasons) add('form-failed', { kind: 'form-result', id }, same({ id }));
  // One shell per language serves every registration id: the browser fills it in.
  add('registration', { kind: 'static' }, same({ id: '[id]' }), { shell: true });

  for (const locale of locales) {
    const prefix = locale === 'nl' ? '' : '/en';
    for (const [status, route] of [
      [404, 'not-found'],
      [500, 'error'],
    ] as const) {
      const path = `${prefix}/${status}`;
      pages.push({
        key: `status:${status}`,
        route,
        locale,
        layout: 'default',
        entity: { kind: 'status', status },
        paths: [path],
        canonical: path,
        shell: true,
      });
    }
  }
  return pages;
}
