import type { SiteModel } from '../../cli/content/types.ts';
import type { ItemCollection } from '../../cli/content/kinds.ts';
import { recordRead, untracked } from '../../shared/model-reads.ts';

type Index = {
  /** Each kind's items by id, made the first time a page asks for one. */
  items: Map<ItemCollection, Map<number, unknown>>;
  clubs: Map<number, SiteModel['clubs'][number]>;
};

// One index per model: looking an item up by id for each of thousands of pages must not scan the list each time.
const indexes = new WeakMap<SiteModel, Index>();

function indexOf(tracked: SiteModel): Index {
  // Built from the model itself: a page that looks one item up reads that item, not the list.
  const model = untracked(tracked);
  let index = indexes.get(model);
  if (!index) {
    index = { items: new Map(), clubs: new Map(model.clubs.map((club) => [club.id, club])) };
    indexes.set(model, index);
  }
  return index;
}

/** The item of a content kind with this id (a template for a kind's item page reads its item so). */
export function itemById<C extends ItemCollection>(
  model: SiteModel,
  collection: C,
  id: number,
): SiteModel[C][number] | undefined {
  recordRead(model, `${collection}@${id}`);
  const index = indexOf(model).items;
  let byId = index.get(collection);
  if (!byId) {
    const items: Array<SiteModel[C][number]> = untracked(model)[collection];
    byId = new Map(items.map((item) => [item.nl.data.id, item]));
    index.set(collection, byId);
  }
  // Filled from model[collection] just above.
  return byId.get(id) as SiteModel[C][number] | undefined;
}

export const newsById = (model: SiteModel, id: number) => itemById(model, 'news', id);
export const eventById = (model: SiteModel, id: number) => itemById(model, 'events', id);
export function clubById(model: SiteModel, id: number): SiteModel['clubs'][number] | undefined {
  recordRead(model, `clubs@${id}`);
  return indexOf(model).clubs.get(id);
}
