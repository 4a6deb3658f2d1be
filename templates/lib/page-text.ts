import type { Localized, PageText } from '../../cli/content/types.ts';
import { useSite } from './site.tsx';

/** The page text a route shows: its own, except that later pages of a list share the first's. */
export const textName = (route: string): string => (route === 'news-page' ? 'news' : route);

/** The text of a page from content/<locale>/pages/<name>.md (Dutch when not translated). */
export function usePageText(name: string = textName(useSite().page.route)): Localized<PageText> {
  const site = useSite();
  const page = site.model.pages.get(name);
  if (!page) throw new Error(`No page text for "${name}": add content/nl/pages/${name}.md`);
  return page[site.locale];
}
