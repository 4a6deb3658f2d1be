/**
 * Entry of a build worker thread (see worker-pool.ts): Markdown bodies and page rendering,
 * the two parts of a build whose cost grows with the number of pages. The search index's files
 * are made on a worker of their own (search-worker.ts).
 */
import { pathToFileURL } from 'node:url';
import { renderMarkdown } from '../content/markdown.ts';
import { renderBatch, type RenderContext } from './render.ts';
import { type SharedBodies, sharedTexts, withBodies } from './shared-bodies.ts';
import { FolderWriter } from './folder-writer.ts';
import type { TemplateModule } from './compile-templates.ts';
import type { PageRoute } from './types.ts';
import { serveTasks } from './worker-tasks.ts';

type RenderSetup = { templates: TemplateModule; context: RenderContext; writer: FolderWriter };

/**
 * The render's set-up, under way or done: the render's first batches come right behind it (the
 * main thread renders its own meanwhile), and wait for it here.
 */
let setup: Promise<RenderSetup> | undefined;

async function renderSetup(payload: {
  templatesFile: string;
  context: RenderContext;
  bodies: SharedBodies;
}): Promise<RenderSetup> {
  const { templatesFile, context, bodies } = payload;
  const templates = (await import(pathToFileURL(templatesFile).href)) as TemplateModule;
  const model = withBodies(context.model, bodies);
  return { templates, context: { ...context, model }, writer: new FolderWriter(context.dir) };
}

serveTasks({
  markdown: ({ items }: { items: string[] }) => items.map(renderMarkdown),
  // Bodies sent ahead (./markdown-stage.ts): their HTML written into shared memory, not sent back.
  'markdown-shared': ({ items }: { items: string[] }) => sharedTexts(items.map(renderMarkdown)),
  'render-setup': async (payload: Parameters<typeof renderSetup>[0]) => {
    setup = renderSetup(payload);
    await setup;
    return true;
  },
  render: async ({ items }: { items: PageRoute[] }) => {
    if (!setup) throw new Error('render before render-setup');
    const { templates, context, writer } = await setup;
    return [renderBatch(templates, items, context, writer)];
  },
});
