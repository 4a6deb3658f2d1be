import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { problem, type Problem } from '../errors/site-error.ts';
import { outputFile } from '../routes/paths.ts';
import type { SiteModel } from '../content/types.ts';
import type { ImageLookup } from '../images/types.ts';
import type { TemplateModule } from './compile-templates.ts';
import type { Assets, PageRoute } from './types.ts';

/** What every page of one build shares. */
export interface RenderContext {
  model: SiteModel;
  images: ImageLookup;
  assets: Assets;
  buildDate: string;
  /** The build folder being written (files go under public/). */
  dir: string;
}

export interface RenderOutcome {
  files: number;
  bytes: number;
  problems: Problem[];
}

/** The public files a page is written to: the two Dutch variants share one rendering. */
export const pageFiles = (page: PageRoute): string[] => page.paths.map((path) => `public/${outputFile(path)}`);

/**
 * Render pages and write each at all its paths. A template that throws is reported with the
 * page it failed on, and the other pages still render, so one run lists every broken page.
 * Runs in the main thread for small sites and in each worker for large ones.
 */
export async function renderAndWrite(templates: TemplateModule, pages: PageRoute[], context: RenderContext): Promise<RenderOutcome> {
  const outcome: RenderOutcome = { files: 0, bytes: 0, problems: [] };
  const madeDirs = new Set<string>();
  for (const page of pages) {
    let html: string;
    try {
      html = templates.renderPage({ page, model: context.model, images: context.images, assets: context.assets, buildDate: context.buildDate });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcome.problems.push(problem('TEMPLATE_FAILED', { path: page.paths[0], template: page.route, problem: message }));
      continue;
    }
    for (const file of pageFiles(page)) {
      const target = join(context.dir, file);
      const folder = dirname(target);
      if (!madeDirs.has(folder)) {
        await mkdir(folder, { recursive: true });
        madeDirs.add(folder);
      }
      await writeFile(target, html);
      outcome.files++;
      outcome.bytes += Buffer.byteLength(html);
    }
  }
  return outcome;
}
