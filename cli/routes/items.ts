import type { Locale } from '../config/schema.ts';
import { contentKinds, type ContentKind } from '../content/kinds.ts';
import type { ByLocale, SiteModel } from '../content/types.ts';

/** What routing reads of an item: its id, its slug per language, its dates and where it came from. */
export type RoutedItem = ByLocale<{ id: number; slug: string } & Record<string, unknown>>;

/** Every kind whose items have pages of their own, with its items from the model. */
export function routedKinds(model: SiteModel): Array<{ kind: ContentKind & { entity: 'news' | 'event' }; items: RoutedItem[] }> {
  return Object.values(contentKinds).flatMap((kind) => {
    if (!kind.entity || !kind.itemPages.length) return [];
    // The model keeps each kind's items under its collection's name (pages, keyed by route, have no item pages).
    const items = (model as unknown as Record<string, RoutedItem[]>)[kind.collection] ?? [];
    return [{ kind: kind as ContentKind & { entity: 'news' | 'event' }, items }];
  });
}

/** An item's :id and :slug in each language. */
export const itemParams = (item: RoutedItem): Record<Locale, { id: number; slug: string }> => ({
  nl: { id: item.nl.data.id, slug: item.nl.data.slug },
  en: { id: item.nl.data.id, slug: item.en.data.slug },
});

/** The routes items are published under (every kind's item pages). */
export const itemRoutes = (): string[] => Object.values(contentKinds).flatMap((kind) => kind.itemPages.map((page) => page.route));
