import { beforeAll, describe, expect, test } from 'vitest';
import { renderMarkdown } from '../../cli/content/markdown.ts';
import { buildModel } from '../../cli/content/model.ts';
import type { ContentFiles } from '../../cli/content/read.ts';
import { PagePrinter } from '../../cli/build/page-prints.ts';
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

/** The print of a page that read the item `news@id`, after `changes`, the bodies rendered by `render`. */
function printOf(id: number, changes: Change[] = [], render = renderMarkdown): string {
  const { content: valid } = validate(config, change(content, ...changes));
  const { model } = buildModel(config, valid!, content.images, render);
  const page = buildRoutes(model)[0]!;
  return new PagePrinter(model, 'global').print(page, [`news@${id}`]);
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
});
