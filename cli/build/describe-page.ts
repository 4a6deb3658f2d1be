import type { SiteModel } from '../content/types.ts';
import type { Origin, PageRoute } from '../routes/types.ts';
import { clubLabel } from '../content/club-label.ts';
import { isItemEntity, itemOfEntity } from '../routes/items.ts';

/** The content a page is made from, for error messages: its file, and which entry when the file holds many. */
export function describePage(model: SiteModel, page: PageRoute): Origin {
  const entity = page.entity;
  if (isItemEntity(entity)) {
    const source = itemOfEntity(model, entity)?.[page.locale].source;
    return source ? { file: source, at: ['id'] } : { file: 'content', entry: `${entity.kind} ${entity.id}` };
  }
  if (entity.kind === 'club') {
    const index = model.clubs.findIndex((club) => club.id === entity.id);
    return { file: 'content/data/clubs.yaml', entry: clubLabel(model.clubs, index), at: [index, 'id'] };
  }
  const source = model.pages.get(page.route)?.[page.locale].source;
  return source
    ? { file: source }
    : { file: 'site.config.yaml', entry: `route ${page.route}`, at: ['routes', page.route] };
}
