import { problem, SiteError, type Problem } from '../errors/site-error.ts';
import { outputFile } from '../routes/paths.ts';
import type { SiteModel } from '../content/types.ts';
import type { ImageLookup } from '../images/types.ts';
import type { TemplateModule } from './compile-templates.ts';
import type { Assets, PageRoute } from './types.ts';
import type { OutputDir } from './output.ts';

/**
 * Render every page and write it at each of its paths (the two Dutch variants share one
 * rendering). A template that throws is reported with the page it failed on; all pages are
 * tried, so one run lists every broken page.
 */
export async function renderPages(options: {
  templates: TemplateModule;
  pages: PageRoute[];
  model: SiteModel;
  images: ImageLookup;
  assets: Assets;
  buildDate: string;
  output: OutputDir;
}): Promise<number> {
  const problems: Problem[] = [];
  let written = 0;
  for (const page of options.pages) {
    let html: string;
    try {
      html = options.templates.renderPage({ page, model: options.model, images: options.images, assets: options.assets, buildDate: options.buildDate });
    } catch (error) {
      problems.push(problem('TEMPLATE_FAILED', { path: page.paths[0], template: page.route, problem: error instanceof Error ? error.message : String(error) }));
      continue;
    }
    await Promise.all(page.paths.map((path) => options.output.write(`public/${outputFile(path)}`, html)));
    written += page.paths.length;
  }
  if (problems.length) throw new SiteError(problems);
  return written;
}
