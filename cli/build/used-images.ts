import type { Locale } from '../../shared/locale.ts';
import type { Club } from '../content/schemas/data.ts';
import type { EventData, NewsData, PageData } from '../content/schemas/markdown.ts';

type ByLocale<T> = Partial<Record<Locale, { data: T }>>;
export type PageByLocale = ByLocale<{
  hero: Pick<PageData['hero'], 'image'>;
  sections: ReadonlyArray<{ image?: string | undefined }>;
}>;

/** What usedImages reads: the validated content, or the model made of it (the same fields). */
export interface ImageSources {
  clubs: Iterable<Pick<Club, 'image'>>;
  /** The content lists pages; the model keeps them in a Map by key. */
  pages: Iterable<PageByLocale> | ReadonlyMap<string, PageByLocale>;
  news: Iterable<ByLocale<Pick<NewsData, 'image'>>>;
  events: Iterable<ByLocale<Pick<EventData, 'image'>>>;
}

/**
 * Every image name the site shows, so only those are encoded. Known once the content is
 * validated (drafts are left out there), so the build starts its images before the model.
 */
export function usedImages(site: ImageSources): Set<string> {
  const used = new Set<string>();
  for (const club of site.clubs) used.add(club.image);
  const pages: Iterable<PageByLocale> =
    site.pages instanceof Map ? site.pages.values() : (site.pages as Iterable<PageByLocale>);
  for (const byLocale of pages) {
    for (const page of Object.values(byLocale)) {
      used.add(page.data.hero.image);
      for (const section of page.data.sections) if (section.image) used.add(section.image);
    }
  }
  for (const item of [...site.news, ...site.events])
    for (const localized of Object.values(item)) used.add(localized.data.image);
  return used;
}
