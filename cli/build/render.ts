import { problem, type Problem } from '../errors/site-error.ts';
import { inlineScriptHashes } from '../../functions/csp.ts';
import { pageId } from './build-state.ts';
import { outputFile } from '../../shared/paths.ts';
import type { SiteModel } from '../content/types.ts';
import type { ImageLookup } from '../../shared/images.ts';
import type { TemplateModule } from './compile-templates.ts';
import type { Assets } from '../../templates/render-input.ts';
import type { PageRoute } from './types.ts';
import type { CardImage, PageFound } from '../../templates/lib/share-card.ts';
import { recordReads } from '../../shared/model-reads.ts';
import type { FolderWriter, Written } from './folder-writer.ts';
import { isSearchable, packRecords, type RecordBatch, type RenderedRecord, renderedRecord } from './search-rendered.ts';

/** What every page of one version of the site is rendered with. */
export interface PageInputs {
  model: SiteModel;
  images: ImageLookup;
  assets: Assets;
  buildDate: string;
}

/** What every page of one build shares. */
export interface RenderContext extends PageInputs {
  /** The build folder being written (files go under public/): a render worker's writer writes there. */
  dir: string;
}

export type PageRendering =
  | { ok: true; html: string; reads: string[]; card: CardImage | undefined }
  | { ok: false; problem: Problem; reads: string[] };

/**
 * One page through the templates, for the build's render stage and site dev alike: its HTML,
 * what its template read of the model (shared/model-reads.ts) and the social card it names. A
 * template that throws is TEMPLATE_FAILED at the page, with what it read before it failed.
 */
export function renderPage(templates: TemplateModule, page: PageRoute, inputs: PageInputs): PageRendering {
  const found: PageFound = {};
  const recorded = recordReads(inputs.model);
  try {
    const { images, assets, buildDate } = inputs;
    const html = templates.renderPage({ page, model: recorded.model, images, assets, buildDate }, found);
    return { ok: true, html, reads: recorded.reads(), card: found.card };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      problem: problem('TEMPLATE_FAILED', { path: page.paths[0]!, template: page.route, problem: message }),
      reads: recorded.reads(),
    };
  }
}

export interface RenderOutcome {
  problems: Problem[];
  /** CSP hashes of inline scripts, by page (pageId), for the pages that have any. */
  scriptHashes: Record<string, string[]>;
  /** The social card each rendered page names (pageId), for the card stage to draw. */
  cards: Record<string, CardImage>;
  /** What each rendered page read of the model (pageId): its fingerprint for the next build. */
  reads: Record<string, string[]>;
  /** The search record of each rendered page the index has, by its canonical URL (cli/build/search-rendered.ts). */
  search: RecordBatch;
}

/** The public files a page is written to: the two Dutch variants share one rendering. */
export const pageFiles = (page: PageRoute): string[] => page.paths.map((path) => `public/${outputFile(path)}`);

/**
 * Render pages and write each at all its paths. A template that throws is reported with the
 * page it failed on, and the other pages still render, so one run lists every broken page.
 * Runs in the main thread for small sites and in each worker for large ones, each writing
 * synchronously through its writer (FolderWriter.writeSync says why).
 */
export function renderAndWrite(
  templates: TemplateModule,
  pages: PageRoute[],
  context: RenderContext,
  writer: FolderWriter,
): RenderOutcome {
  const outcome: Omit<RenderOutcome, 'search'> = { problems: [], scriptHashes: {}, cards: {}, reads: {} };
  const records: Array<[string, RenderedRecord]> = [];
  for (const page of pages) {
    const rendered = renderPage(templates, page, context);
    if (!rendered.ok) {
      outcome.problems.push(rendered.problem);
      continue;
    }
    const { html, card } = rendered;
    outcome.reads[pageId(page)] = rendered.reads;
    // Read here, while the page is in memory: the CSP of firebase.json needs every inline script.
    const hashes = html.includes('<script') ? inlineScriptHashes(html) : [];
    if (hashes.length) outcome.scriptHashes[pageId(page)] = hashes;
    if (card) outcome.cards[pageId(page)] = card;
    if (isSearchable(page)) records.push([page.canonical, renderedRecord(html)]);
    writer.writeSync(pageFiles(page), html);
  }
  return { ...outcome, search: packRecords(records) };
}

/** renderAndWrite, and what it wrote: a batch of the render stage, in a worker or in the main thread. */
export function renderBatch(
  templates: TemplateModule,
  pages: PageRoute[],
  context: RenderContext,
  writer: FolderWriter,
): RenderOutcome & { written: Written } {
  const { value, written } = writer.measure(() => renderAndWrite(templates, pages, context, writer));
  return { ...value, written };
}
