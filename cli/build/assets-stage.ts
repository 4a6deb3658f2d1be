import { join } from 'node:path';
import type { ImageLookup } from '../../shared/images.ts';
import type { Assets } from '../../templates/render-input.ts';
import type { Site } from './check-site.ts';
import { compileTemplates, type CompiledTemplates } from './compile-templates.ts';
import { buildCss } from './css.ts';
import { buildIslands } from './islands.ts';
import { compileCardTemplate, type CardTemplate } from './cards.ts';
import { copyStaticFiles } from './static-files.ts';
import type { OutputDir } from './output.ts';
import type { StageTimer } from './timings.ts';

/** What every page is rendered with: the image lookup, the compiled templates, the assets' URLs. */
export interface PageParts {
  imageLookup: ImageLookup;
  templates: CompiledTemplates;
  cardTemplate: CardTemplate;
  assets: Assets;
}

/** Compile the templates, the stylesheet and the islands; the stylesheet, static files and island scripts are written. */
export async function makeAssets(root: string, site: Site, output: OutputDir, timer: StageTimer): Promise<PageParts> {
  const cacheDir = join(root, '.site', 'cache');
  // Only the names, sizes and placeholders: the files are encoded while the pages render.
  const imageLookup = await timer.run(
    'images',
    () => site.images.lookup,
    (lookup) => `${Object.keys(lookup).length} planned`,
  );
  const [templates, css, cardTemplate] = await timer.run('compile', () =>
    Promise.all([compileTemplates(root, cacheDir), buildCss(root, site.config), compileCardTemplate(root, cacheDir)]),
  );
  await output.write(`public${css.path}`, css.contents);
  await copyStaticFiles(root, output);
  const islands = await timer.run(
    'islands',
    () => buildIslands(root, output),
    (b) => `${b.files.length} files`,
  );
  return {
    imageLookup,
    templates,
    cardTemplate,
    assets: { css: css.path, islands: islands.manifest, cardVersion: cardTemplate.version },
  };
}
