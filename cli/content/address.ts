import { problem, type Problem } from '../errors/site-error.ts';
import { slugify } from './slug.ts';
import type { MarkdownSource } from './front-matter.ts';

/**
 * The one rule of an item's address (issue 20, point 8): the file name is the address.
 * `content/nl/news/12-nieuw-clubhuis.md` is published at /nieuws/12-nieuw-clubhuis, whatever its
 * title says, so a new title never moves a published page; the front matter's `slug` overrides
 * the file name. A file not named `<id>-<slug>.md` gets its address from the title meanwhile,
 * and a warning that says what to rename it to.
 */
const FILE_NAME = /^(\d+)-([a-z0-9]+(?:-[a-z0-9]+)*)$/;

const baseName = (file: string) => file.slice(file.lastIndexOf('/') + 1).replace(/\.md$/, '');

/** The slug a file's name gives an item with this id, if it is named `<id>-<slug>.md`. */
export function fileSlug(file: string, id: number): string | undefined {
  const named = FILE_NAME.exec(baseName(file));
  return named && Number(named[1]) === id ? named[2] : undefined;
}

/** The address part after the id: `slug`, else the file name, else the title. '' when none gives one. */
export function itemSlug(data: { id?: unknown; title: string; slug?: string | undefined }, file: string): string {
  return data.slug ?? (typeof data.id === 'number' ? fileSlug(file, data.id) : undefined) ?? slugify(data.title);
}

/**
 * The address problems of one file of a valid item: a name that is not its address (a warning,
 * an error with --strict), or no address at all (an error at the title).
 */
export function addressProblems(
  raw: { file: string; source: MarkdownSource },
  data: { id?: unknown; title: string; slug?: string | undefined },
  strict: boolean,
): Problem[] {
  if (data.slug !== undefined || typeof data.id !== 'number' || fileSlug(raw.file, data.id) !== undefined) return [];
  const slug = slugify(data.title);
  if (!slug) {
    return [
      problem(
        'CONTENT_SCHEMA_MISMATCH',
        {
          field: 'title',
          collection: 'item',
          problem: `the file name is not <id>-<slug>.md and the title ${JSON.stringify(data.title)} has no letters or digits for the URL: name the file ${data.id}-<slug>.md or add a \`slug\` field`,
        },
        { location: { file: raw.file, line: raw.source.meta.lineOf(['title']) ?? 1 }, field: 'title' },
      ),
    ];
  }
  return [
    problem(
      'FILE_NAME_NOT_ADDRESS',
      { file: raw.file, expected: `${data.id}-${slug}` },
      { location: { file: raw.file, line: 1 }, severity: strict ? 'error' : 'warning' },
    ),
  ];
}
