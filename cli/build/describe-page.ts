import type { SiteModel } from '../content/types.ts';
import type { PageRoute } from '../routes/types.ts';

/** The content file a page is made from, for error messages. */
export function describePage(model: SiteModel, page: PageRoute): string {
  const entity = page.entity;
  if (entity.kind === 'news') return model.news.find((n) => n.nl.data.id === entity.id)?.[page.locale].source ?? `news ${entity.id}`;
  if (entity.kind === 'event') return model.events.find((e) => e.nl.data.id === entity.id)?.[page.locale].source ?? `event ${entity.id}`;
  if (entity.kind === 'club') return `content/data/clubs.yaml (club ${entity.id})`;
  return model.pages.get(page.route)?.[page.locale].source ?? `route ${page.route} in site.config.yaml`;
}
