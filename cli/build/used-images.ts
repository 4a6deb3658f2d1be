import type { SiteModel } from '../content/types.ts';

/** Every image name the site shows, so only those are encoded. */
export function usedImages(model: SiteModel): Set<string> {
  const used = new Set<string>();
  for (const club of model.clubs) used.add(club.image);
  for (const byLocale of model.pages.values()) {
    for (const page of Object.values(byLocale)) {
      used.add(page.data.hero.image);
      for (const section of page.data.sections) if (section.image) used.add(section.image);
    }
  }
  for (const item of [...model.news, ...model.events]) for (const localized of Object.values(item)) used.add(localized.data.image);
  return used;
}
