import type { CompiledTemplates } from './compile-templates.ts';
import { renderAndWrite, type RenderContext, type RenderOutcome } from './render.ts';
import type { WorkerPool } from './worker-pool.ts';
import type { PageRoute } from './types.ts';

/** Render in this thread, or spread over the workers, each of which writes its own pages. */
export async function renderPages(
  templates: CompiledTemplates,
  pages: PageRoute[],
  context: RenderContext,
  pool: WorkerPool | undefined,
): Promise<RenderOutcome & { threads: number }> {
  if (!pool || pages.length < 50) return { ...renderAndWrite(templates.module, pages, context), threads: 1 };
  await pool.broadcast('render-setup', { templatesFile: templates.file, context });
  const outcomes = await pool.map<PageRoute, RenderOutcome>('render', pages);
  const sum = outcomes.reduce((all, o) => ({
    files: all.files + o.files,
    bytes: all.bytes + o.bytes,
    problems: [...all.problems, ...o.problems],
    scriptHashes: { ...all.scriptHashes, ...o.scriptHashes },
    cards: { ...all.cards, ...o.cards },
    reads: { ...all.reads, ...o.reads },
  }));
  return { ...sum, threads: pool.size };
}
