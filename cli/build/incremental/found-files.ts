import { join } from 'node:path';
import { cardFile } from '../cards.ts';
import { calendarChanges } from '../calendar-revisions.ts';
import { renderCalendars } from '../calendars.ts';
import { renderFeeds } from '../feeds.ts';
import { searchFiles } from '../search-files.ts';
import { SEARCH_FOLDER, searchablePages } from '../search-index.ts';
import { type IndexedPage, indexedPage, pageRecord } from '../search-records.ts';
import { publicSiteFiles } from '../site-files.ts';
import { isSiteError, type Problem } from '../../errors/site-error.ts';
import { cardName } from '../../../templates/lib/share-card.ts';
import type { Generation } from './generation.ts';
import type { RebuildSession } from './rebuild-session.ts';

const CARD_FILE = /^cards\/(.+)\.[A-Za-z0-9]{16}\.jpg$/;

/**
 * The files the build writes besides the pages and compiled parts, made for site dev by the
 * build's own functions, each when first asked for: sitemap.xml, robots.txt, the news feeds and
 * calendar files of the current version of the site (issue 23: what makes the site found); a
 * page's social card (from the card cache, drawn when new); the search index of the pages as
 * they render now (once per version, at the first search).
 */
export function createFoundFiles(session: RebuildSession, onProblem: (problem: Problem) => void) {
  const cacheDir = join(session.root, '.site', 'cache');
  const made = new WeakMap<Generation, Promise<Map<string, string>>>();
  const indexes = new WeakMap<Generation, Promise<Map<string, string>>>();

  /** Made once per version of the site; a failure is made again at the next request. */
  function once<T>(memo: WeakMap<Generation, Promise<T>>, generation: Generation, make: () => Promise<T>): Promise<T> {
    let made = memo.get(generation);
    if (!made) {
      made = make();
      memo.set(generation, made);
      made.catch((error: unknown) => {
        memo.delete(generation);
        if (isSiteError(error)) error.problems.forEach(onProblem);
      });
    }
    return made;
  }

  async function texts(generation: Generation): Promise<Map<string, string>> {
    const { config, model, pages } = generation.state;
    const changed = await calendarChanges(session.root, session.contentFiles());
    const found = [...renderFeeds(model, pages, generation.images), ...renderCalendars(model, pages, changed)];
    const files = publicSiteFiles(config, pages, generation.buildDate);
    for (const file of found) files.set(file.file, file.contents);
    return files;
  }

  async function searchIndex(generation: Generation): Promise<Map<string, string>> {
    const indexed = new Map<string, IndexedPage>();
    const pages = searchablePages(generation.state.pages).flatMap((page) => {
      const rendered = session.pages.render(page);
      if (!rendered.ok) return [];
      indexed.set(page.canonical, indexedPage(pageRecord(rendered.html)));
      return [{ url: page.canonical, locale: page.locale }];
    });
    return new Map(searchFiles(pages, (url) => indexed.get(url)!).map((file) => [file.path, file.content]));
  }

  /** The card a page of this version names at that file, from the cache or drawn now. */
  async function card(generation: Generation, file: string): Promise<Buffer | undefined> {
    const name = CARD_FILE.exec(file)?.[1];
    const template = session.assets.cards;
    if (!name || template?.version !== generation.assets.cardVersion) return undefined;
    for (const page of generation.state.pages) {
      const wanted = cardName(page.canonical) === name ? session.pages.card(page, `/${file}`) : undefined;
      if (!wanted) continue;
      const drawn = cardFile(wanted, {
        root: session.root,
        images: generation.state.model.images,
        template,
        cacheDir: join(cacheDir, 'cards'),
      });
      drawn.catch((error: unknown) => isSiteError(error) && error.problems.forEach(onProblem));
      return (await drawn).data;
    }
    return undefined;
  }

  return {
    /** The file's contents in this version of the site, when it is one of these. */
    async load(generation: Generation, file: string): Promise<string | Uint8Array | undefined> {
      if (file.startsWith('cards/')) return card(generation, file);
      if (file.startsWith(`${SEARCH_FOLDER}/`))
        return (await once(indexes, generation, () => searchIndex(generation))).get(
          file.slice(SEARCH_FOLDER.length + 1),
        );
      if (!/\.(xml|ics|txt)$/.test(file)) return undefined;
      return (await once(made, generation, () => texts(generation))).get(file);
    },
  };
}
