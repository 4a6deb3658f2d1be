import type { ImageLookup } from '../../shared/images.ts';
import type { Assets } from '../../templates/render-input.ts';
import type { Site } from './check-site.ts';
import type { CompiledTemplates } from './compile-templates.ts';
import { writeIslands } from './islands.ts';
import type { CardTemplate } from './cards.ts';
import { PAGE_PARTS } from './page-parts.ts';
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
  // Only the names, sizes and placeholders: the files are encoded while the pages render.
  const imageLookup = await timer.run(
    'images',
    () => site.images.lookup,
    (lookup) => `${Object.keys(lookup).length} planned`,
  );
  const { config } = site;
  const [templates, css, cardTemplate] = await timer.run('compile', () =>
    Promise.all([
      PAGE_PARTS.templates.compile(root, config),
      PAGE_PARTS.css.compile(root, config),
      PAGE_PARTS.cards.compile(root, config),
    ]),
  );
  await output.write(`public${css.path}`, css.contents);
  await copyStaticFiles(root, output);
  const islands = await timer.run(
    'islands',
    async () => writeIslands(await PAGE_PARTS.islands.compile(root, config), output),
    (b) => `${b.files.length} files`,
  );
  return {
    imageLookup,
    templates,
    cardTemplate,
    assets: { css: css.path, islands: islands.manifest, cardVersion: cardTemplate.version },
  };
}
