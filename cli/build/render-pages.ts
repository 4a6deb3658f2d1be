import type { CompiledTemplates } from './compile-templates.ts';
import { FolderWriter } from './folder-writer.ts';
import { collectNow } from './collection.ts';
import { bodiesShared, forWorkers } from './shared-bodies.ts';
import { renderAndWrite, renderBatch, type RenderContext, type RenderOutcome } from './render.ts';
import { unpackRecords } from './search-rendered.ts';
import type { WorkerPool } from './worker-pool.ts';
import type { PageRoute } from './types.ts';

/** What the render stage made: `search`, each page's search record by URL (cli/build/search-rendered.ts). */
export type RenderedPages = Omit<RenderOutcome, 'search'> & {
  search: Map<string, Uint8Array>;
  files: number;
  threads: number;
};

/**
 * Render in this thread through `output`, or shared between this thread and the workers, each
 * of which writes its own pages through its own writer; `files`: the page files written.
 * `rendered`, if given, is called in this thread with each batch of pages and what its template
 * read, from when this thread has rendered its share (WorkerPool.share): work on them (the pages'
 * prints) fills its wait for the workers' last batches.
 */
export async function renderPages(
  templates: CompiledTemplates,
  pages: PageRoute[],
  context: RenderContext,
  pool: WorkerPool | undefined,
  output: FolderWriter,
  rendered?: (batch: PageRoute[], reads: RenderOutcome['reads']) => void,
): Promise<RenderedPages> {
  if (!pool || pages.length < 50) {
    const { value, written } = output.measure(() => renderAndWrite(templates.module, pages, context, output));
    rendered?.(pages, value.reads);
    const search = new Map<string, Uint8Array>();
    unpackRecords(value.search, search);
    return { ...value, search, files: written.files, threads: 1 };
  }
  // A build after an edit that renders enough for the workers (a template edited): the heap's
  // garbage collected before they start, beside them it would be the peak (a first build collected
  // before its bodies were shared: ./build-changed.ts).
  if (!bodiesShared(context.model)) collectNow();
  // The workers get the model without its bodies, which they read from a buffer shared with this thread.
  const { model, bodies } = forWorkers(context.model);
  // This thread writes as a worker does, through a writer of its own, and its batches are counted as theirs.
  const writer = new FolderWriter(context.dir);
  // The workers set up (their copy of the model, the templates' import) while this thread starts
  // on its share: their first batches follow the set-up and wait for it there (cli/build/worker.ts).
  const [, outcomes] = await Promise.all([
    pool.broadcast('render-setup', { templatesFile: templates.file, context: { ...context, model }, bodies }),
    pool.share(
      'render',
      pages,
      (batch) => [renderBatch(templates.module, batch, context, writer)],
      (batch, [outcome]) => rendered?.(batch, outcome!.reads),
    ),
  ]);
  const sum: RenderedPages = {
    files: 0,
    threads: pool.threads,
    problems: [],
    scriptHashes: {},
    cards: {},
    reads: {},
    search: new Map(),
  };
  for (const { written, ...outcome } of outcomes) {
    output.add(written);
    sum.files += written.files;
    sum.problems.push(...outcome.problems);
    Object.assign(sum.scriptHashes, outcome.scriptHashes);
    Object.assign(sum.cards, outcome.cards);
    Object.assign(sum.reads, outcome.reads);
    unpackRecords(outcome.search, sum.search);
  }
  return sum;
}
