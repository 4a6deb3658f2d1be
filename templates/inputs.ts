import type { SiteModel } from '../cli/content/types.ts';
import type { PageRoute } from '../cli/routes/types.ts';
import { NEWS_PER_PAGE } from '../shared/listing.ts';
import { isItemEntity } from '../cli/routes/items.ts';
import { collectionOfEntity } from '../cli/content/kinds.ts';
import { clubById, itemById } from './lib/lookup.ts';

/** The articles on page `page` (from 1) of the news list, newest first. */
export const newsOnPage = <T>(news: T[], page: number): T[] => news.slice((page - 1) * NEWS_PER_PAGE, page * NEWS_PER_PAGE);

/**
 * The content each page's template reads, besides what every page reads (config, strings,
 * images, assets, build date). An incremental build re-renders a page only when these change,
 * so a template that starts reading more must say so here.
 */
export function pageInputs(page: PageRoute, model: SiteModel): unknown {
  const text = (name: string) => model.pages.get(name);
  const listed = <T extends { nl: { data: unknown }; en: { data: unknown } }>(items: T[]) => items.map((item) => [item.nl.data, item.en.data]);
  const entity = page.entity;
  const own = { page, text: text(page.route) };
  // A page of one item of any kind (cli/content/kinds.ts) reads that item; an event's, its club too.
  if (isItemEntity(entity)) return { ...own, item: itemById(model, collectionOfEntity(entity.kind), entity.id), ...(entity.kind === 'event' ? { clubs: model.clubs } : {}) };
  switch (entity.kind) {
    case 'club':
      return { ...own, club: clubById(model, entity.id), clubText: text('club'), lessons: model.lessons };
    case 'status':
      return { ...own, notFound: text('not-found'), error: text('error') };
    case 'listing':
      return { ...own, text: text('news'), news: listed(newsOnPage(model.news, entity.page)) };
    case 'static':
      break;
  }
  switch (page.route) {
    case 'home':
      return { ...own, news: listed(model.news.slice(0, 3)), events: listed(model.events), clubs: model.clubs, lessons: model.lessons };
    case 'events':
      return { ...own, events: listed(model.events), clubs: model.clubs };
    case 'clubs': // grouped by region
      return { ...own, clubs: model.clubs, lessons: model.lessons };
    case 'contact': // the office's hours, and the regions `?regio=` fills in
      return { ...own, clubs: model.clubs, lessons: model.lessons };
    case 'lesson-rules': // the customer form lists the clubs
      return { ...own, clubs: model.clubs };
    case 'regional-tennis':
      return { ...own, clubs: model.clubs, lessons: model.lessons };
    case 'jobs':
      return { ...own, jobs: model.jobs };
    default:
      return own;
  }
}
