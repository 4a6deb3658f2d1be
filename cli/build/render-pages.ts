import type { CompiledTemplates } from './compile-templates.ts';
import { FolderWriter } from './folder-writer.ts';
import { forWorkers } from './shared-bodies.ts';
import { renderAndWrite, renderBatch, type RenderContext, type RenderOutcome } from './render.ts';
import type { WorkerPool } from './worker-pool.ts';
import type { PageRoute } from './types.ts';

/**
 * Render in this thread through `output`, or shared between this thread and the workers, each
 * of which writes its own pages through its own writer; `files`: the page files written.
 */
export async function renderPages(
  templates: CompiledTemplates,
  pages: PageRoute[],
  context: RenderContext,
  pool: WorkerPool | undefined,
  output: FolderWriter,
): Promise<RenderOutcome & { files: number; threads: number }> {
  if (!pool || pages.length < 50) {
    const { value, written } = output.measure(() => renderAndWrite(templates.module, pages, context, output));
    return { ...value, files: written.files, threads: 1 };
  }
  // The workers get the model without its bodies, which they read from a buffer shared with this thread.
  const { model, bodies } = forWorkers(context.model);
  await pool.broadcast('render-setup', { templatesFile: templates.file, context: { ...context, model }, bodies });
  // This thread writes as a worker does, through a writer of its own, and its batches are counted as theirs.
  const writer = new FolderWriter(context.dir);
  const outcomes = await pool.share('render', pages, (batch) => [
    renderBatch(templates.module, batch, context, writer),
  ]);
  const sum: RenderOutcome & { files: number } = {
    files: 0,
    problems: [],
    scriptHashes: {},
    cards: {},
    reads: {},
    search: {},
  };
  for (const { written, ...outcome } of outcomes) {
    output.add(written);
    sum.files += written.files;
    sum.problems.push(...outcome.problems);
    Object.assign(sum.scriptHashes, outcome.scriptHashes);
    Object.assign(sum.cards, outcome.cards);
    Object.assign(sum.reads, outcome.reads);
    Object.assign(sum.search, outcome.search);
  }
  return { ...sum, threads: pool.threads };
}
