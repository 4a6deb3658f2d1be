import type { SiteModel } from '../../cli/content/types.ts';

type Index = {
  news: Map<number, SiteModel['news'][number]>;
  events: Map<number, SiteModel['events'][number]>;
  clubs: Map<number, SiteModel['clubs'][number]>;
};

// One index per model: looking an item up by id for each of thousands of pages must not scan the list each time.
const indexes = new WeakMap<SiteModel, Index>();

function indexOf(model: SiteModel): Index {
  let index = indexes.get(model);
  if (!index) {
    index = {
      news: new Map(model.news.map((item) => [item.nl.data.id, item])),
      events: new Map(model.events.map((item) => [item.nl.data.id, item])),
      clubs: new Map(model.clubs.map((club) => [club.id, club])),
    };
    indexes.set(model, index);
  }
  return index;
}

export const newsById = (model: SiteModel, id: number) => indexOf(model).news.get(id);
export const eventById = (model: SiteModel, id: number) => indexOf(model).events.get(id);
export const clubById = (model: SiteModel, id: number) => indexOf(model).clubs.get(id);
