/**
 * Entry of a build worker thread (see worker-pool.ts): Markdown bodies and page rendering,
 * the two parts of a build whose cost grows with the number of pages, and the search index's
 * files made whole (cli/build/search-packed.ts).
 */
import { parentPort } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { renderMarkdown } from '../content/markdown.ts';
import { renderBatch, type RenderContext } from './render.ts';
import { type SharedBodies, withBodies } from './shared-bodies.ts';
import { FolderWriter } from './folder-writer.ts';
import type { TemplateModule } from './compile-templates.ts';
import type { PageRoute } from './types.ts';
import { errorText } from '../errors/error-text.ts';
import { type BatchClaims, claimBatch } from './batch-claims.ts';
import { type PackedRecords, writePackedFiles } from './search-packed.ts';

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

const tasks = {
  markdown: ({ items }: { items: string[] }) => items.map(renderMarkdown),
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
  'search-files': ({ dir, records }: { dir: string; records: PackedRecords }) => writePackedFiles(dir, records),
} as const;

/** A batch sent ahead (worker-pool.ts `ahead`) is run only if the thread that sent it has not taken it back. */
const taken = (payload: { claims?: BatchClaims; at?: number }) =>
  payload.claims !== undefined && !claimBatch(payload.claims, payload.at!);

parentPort!.on('message', async (message: { id: number; task: keyof typeof tasks; payload: never }) => {
  try {
    const value = taken(message.payload) ? null : await tasks[message.task](message.payload);
    parentPort!.postMessage({ id: message.id, ok: true, value });
  } catch (error) {
    parentPort!.postMessage({
      id: message.id,
      ok: false,
      error: errorText(error),
    });
  }
});
