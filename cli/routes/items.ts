import type { Locale } from '../../shared/locale.ts';
import {
  collectionOfEntity,
  collections,
  kindOf,
  type ContentKind,
  type ItemCollection,
  type ItemEntity,
} from '../content/kinds.ts';
import type { ByLocale, SiteModel } from '../content/types.ts';
import type { PageEntity } from './types.ts';

/** What routing reads of an item: its id, its slug per language, its dates and where it came from. */
export type RoutedItem = ByLocale<{ id: number; slug: string } & Record<string, unknown>>;

type RoutedKind = ContentKind & { entity: ItemEntity; itemPages: NonNullable<ContentKind['itemPages']> };

/** Every kind whose items have pages of their own, with its items from the model. */
export function routedKinds(model: SiteModel): Array<{ kind: RoutedKind; items: RoutedItem[] }> {
  return collections.flatMap((collection) => {
    const kind = kindOf(collection);
    if (!kind.entity || !kind.itemPages?.length) return [];
    // A kind with item pages has ids (kinds.ts ItemDeclaration): the model keeps its items in a list.
    const items: RoutedItem[] = model[collection as ItemCollection];
    return [{ kind: kind as RoutedKind, items }];
  });
}

/** An item's :id and :slug in each language. */
export const itemParams = (item: RoutedItem): Record<Locale, { id: number; slug: string }> => ({
  nl: { id: item.nl.data.id, slug: item.nl.data.slug },
  en: { id: item.nl.data.id, slug: item.en.data.slug },
});

/** The routes items are published under (every kind's item pages). */
export const itemRoutes = (): string[] =>
  collections.flatMap((collection) => (kindOf(collection).itemPages ?? []).map((page) => page.route));

/** A page that shows one item of a content kind (its declaration's `entity`). */
export const isItemEntity = (entity: PageEntity): entity is Extract<PageEntity, { kind: ItemEntity }> =>
  collections.some((collection) => kindOf(collection).entity === entity.kind);

/** The item a page of one item shows. */
export function itemOfEntity(model: SiteModel, entity: { kind: ItemEntity; id: number }): RoutedItem | undefined {
  const items: RoutedItem[] = model[collectionOfEntity(entity.kind)];
  return items.find((item) => item.nl.data.id === entity.id);
}
