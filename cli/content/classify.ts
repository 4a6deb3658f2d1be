import type { Locale } from '../../shared/locale.ts';
import { collections, type Collection } from './kinds.ts';

export { collections, type Collection };

export type FileKind =
  | { kind: 'clubs' }
  | { kind: 'lessons' }
  | { kind: 'strings'; locale: Locale }
  | { kind: 'markdown'; collection: Collection; locale: Locale; name: string }
  | { kind: 'ignored' }
  | { kind: 'unknown' };

/** A Markdown file in the folder of a declared kind (kinds.ts; folder names are plain words), in either language. */
const MARKDOWN = new RegExp(`^content/(nl|en)/(${collections.join('|')})/([^/]+)\\.md$`);

/** What a file under content/ is, from its path alone. */
export function classify(path: string): FileKind {
  if (path === 'content/data/clubs.yaml') return { kind: 'clubs' };
  if (path === 'content/data/lessons.yaml') return { kind: 'lessons' };
  const strings = /^content\/(nl|en)\/strings\.yaml$/.exec(path);
  if (strings) return { kind: 'strings', locale: strings[1] as Locale };
  const markdown = MARKDOWN.exec(path);
  if (markdown)
    return {
      kind: 'markdown',
      locale: markdown[1] as Locale,
      collection: markdown[2] as Collection,
      name: markdown[3]!,
    };
  // Notes for editors (README.md) may sit anywhere, and image folders hold only images.
  if (/(^|\/)README\.md$/i.test(path) || path.startsWith('content/images/')) return { kind: 'ignored' };
  return { kind: 'unknown' };
}
