import { problem, SiteError } from '../errors/site-error.ts';
import { classify, type Collection } from '../content/classify.ts';
import { splitFrontMatter } from '../content/front-matter.ts';
import type { ContentFiles } from '../content/read.ts';
import { slugify } from '../content/slug.ts';
import { archetypes } from './archetypes.ts';

export interface NewItem {
  collection: Collection;
  id: number;
  files: Array<{ path: string; text: string }>;
}

/** The highest id any file of the collection uses, in either language, plus one. */
export function nextFreeId(content: ContentFiles, collection: Collection): number {
  let highest = 0;
  for (const file of content.files) {
    const kind = classify(file.path);
    if (kind.kind !== 'markdown' || kind.collection !== collection) continue;
    const split = splitFrontMatter(file.text, file.path);
    const id = 'meta' in split ? (split.meta.data as { id?: unknown } | undefined)?.id : undefined;
    // A file whose front matter does not read still holds its id in its name: `<id>-<slug>.md`.
    const taken = typeof id === 'number' ? id : Number(/^(\d+)-/.exec(kind.name)?.[1] ?? 0);
    if (Number.isSafeInteger(taken)) highest = Math.max(highest, taken);
  }
  return highest + 1;
}

/**
 * `site new <kind> "<title>"`: the Dutch and English files of a new item, with the next free id
 * and every required field (cli/editor/archetypes.ts). Pure: the command writes them.
 */
export function newItem(
  content: ContentFiles,
  kind: string,
  title: string,
  today: string,
  club: number | undefined,
  enTitle = title,
): NewItem {
  const archetype = archetypes[kind as Collection];
  if (!archetype)
    throw new SiteError([problem('NEW_KIND_UNKNOWN', { kind, kinds: Object.keys(archetypes).join(', ') })]);
  const collection = kind as Collection;
  const slug = slugify(title);
  const enSlug = slugify(enTitle);
  if (!title.trim() || !slug) throw new SiteError([problem('NEW_TITLE_INVALID', { title })]);
  if (!enTitle.trim() || !enSlug) throw new SiteError([problem('NEW_TITLE_INVALID', { title: enTitle })]);
  const id = nextFreeId(content, collection);
  const image = [...content.images.keys()].sort()[0];
  if (!image) throw new SiteError([problem('NEW_NEEDS_IMAGE', {})]);
  const texts = archetype({ id, title: title.trim(), enTitle: enTitle.trim(), today, image, club });
  // Each file is named by its own address (the file name is the address, content/address.ts).
  return {
    collection,
    id,
    files: [
      { path: `content/nl/${collection}/${id}-${slug}.md`, text: texts.nl },
      { path: `content/en/${collection}/${id}-${enSlug}.md`, text: texts.en },
    ],
  };
}
