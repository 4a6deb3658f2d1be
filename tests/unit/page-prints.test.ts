import { beforeAll, describe, expect, test } from 'vitest';
import { renderMarkdown } from '../../cli/content/markdown.ts';
import { buildModel } from '../../cli/content/model.ts';
import type { ContentFiles } from '../../cli/content/read.ts';
import { PagePrinter, routesDigest } from '../../cli/build/page-prints.ts';
import { pageId } from '../../cli/build/build-state.ts';
import type { PageRoute } from '../../cli/build/types.ts';
import { buildRoutes } from '../../cli/routes/routes.ts';
import { type Change, change, NEWS, realContent, replace, validate } from './fixtures/content.ts';
import { realConfig } from './fixtures/model.ts';

/**
 * A page's print covers each body it read by the key of its Markdown (the HTML is a function of
 * that text alone), not by hashing the HTML: an edit of the text must still change it.
 */
const config = realConfig();
let content: ContentFiles;
beforeAll(async () => {
  content = await realContent();
});

/** The model and pages after `changes`, the bodies rendered by `render`. */
function siteOf(changes: Change[] = [], render = renderMarkdown) {
  const { content: valid } = validate(config, change(content, ...changes));
  const { model } = buildModel(config, valid!, content.images, render);
  return { model, pages: buildRoutes(model) };
}

/** The print of a page that read the item `news@id`, after `changes`, the bodies rendered by `render`. */
function printOf(id: number, changes: Change[] = [], render = renderMarkdown): string {
  const { model, pages } = siteOf(changes, render);
  return new PagePrinter(model, 'global').print(pages[0]!, [`news@${id}`]);
}

describe('page prints', () => {
  test('an edit of a body it read changes the print; of one it did not read, not', () => {
    const edited = [replace(NEWS, /\n---\n/, '\n---\n\nEen alinea erbij.\n')];
    expect(printOf(1, edited)).not.toBe(printOf(1));
    expect(printOf(2, edited)).toBe(printOf(2));
  });

  test('a body is covered by its Markdown, not by hashing its HTML', () => {
    // The same texts give the same print whatever HTML object holds them (the HTML is not read).
    expect(printOf(1, [], (markdown) => `<p>${renderMarkdown(markdown)}</p>`)).toBe(printOf(1));
    // The rest of the item is still hashed as it is.
    expect(printOf(1, [replace(NEWS, /^title: .*$/m, 'title: Een andere titel')])).not.toBe(printOf(1));
  });

  test("the build before's print of a page is taken when what it was taken of is the same, else made again", () => {
    const { model, pages } = siteOf();
    const ids = model.news.map((item) => item.nl.data.id);
    // Each page read one article, and the list of them.
    const reads = Object.fromEntries(
      pages.map((page, at) => [pageId(page), [`news@${ids[at % ids.length]}`, 'news.length']]),
    );
    const before = new PagePrinter(model, 'global');
    const made = before.printsOf(pages, reads);
    const printed = before.printed(pages, reads);
    expect(printed.routes).toBe(routesDigest(structuredClone(pages)));
    // Marks in place of the build before's prints: taken as they are, not made again.
    const marks = Object.fromEntries(Object.keys(made).map((id) => [id, `before ${id}`]));
    const previous = { pages: marks, reads, printed };
    expect(new PagePrinter(siteOf().model, 'global').printsBefore(pages, previous)).toEqual(marks);

    // An article's body edited: the pages that read it printed again (as the edited site prints them), the others taken.
    const edited = siteOf([replace(NEWS, /\n---\n/, '\n---\n\nEen alinea erbij.\n')]).model;
    const after = new PagePrinter(edited, 'global');
    const prints = after.printsBefore(pages, previous);
    for (const page of pages) {
      const id = pageId(page);
      const [key] = reads[id]!;
      expect(prints[id]).toBe(key === 'news@1' ? after.print(page, reads[id]!) : marks[id]);
    }
    expect(Object.values(prints).filter((print) => !print.startsWith('before')).length).toBeGreaterThan(0);

    // Another site-wide part, a page's route changed, a build before that kept no inputs: all made again.
    const other = new PagePrinter(model, 'other');
    expect(other.printsBefore(pages, previous)).toEqual(other.printsOf(pages, reads));
    const moved: PageRoute[] = pages.map((page, at) =>
      at === 1 ? { ...page, canonical: `${page.canonical}-x` } : page,
    );
    expect(before.printsBefore(moved, previous)).toEqual(before.printsOf(moved, reads));
    expect(before.printsBefore(pages, { pages: marks, reads })).toEqual(made);
  });
});
