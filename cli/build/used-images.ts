import type { Locale } from '../../shared/locale.ts';
import type { Club } from '../content/schemas/data.ts';
import type { EventData, NewsData, PageData } from '../content/schemas/markdown.ts';

type ByLocale<T> = Partial<Record<Locale, { data: T }>>;
export type PageByLocale = ByLocale<{
  hero: Pick<PageData['hero'], 'image'>;
  sections: ReadonlyArray<{ image?: string | undefined }>;
}>;

/** What usedImages reads of the validated content. */
export interface ImageSources {
  clubs: Iterable<Pick<Club, 'image'>>;
  pages: Iterable<PageByLocale>;
  news: Iterable<ByLocale<Pick<NewsData, 'image'>>>;
  events: Iterable<ByLocale<Pick<EventData, 'image'>>>;
}

/**
 * Every image name the site shows, so only those are encoded. Known once the content is
 * validated (drafts are left out there), so the build starts its images before the model; site
 * dev reads the same content.
 */
export function usedImages(site: ImageSources): Set<string> {
  const used = new Set<string>();
  for (const club of site.clubs) used.add(club.image);
  for (const byLocale of site.pages) {
    for (const page of Object.values(byLocale)) {
      used.add(page.data.hero.image);
      for (const section of page.data.sections) if (section.image) used.add(section.image);
    }
  }
  for (const item of [...site.news, ...site.events])
    for (const localized of Object.values(item)) used.add(localized.data.image);
  return used;
}
