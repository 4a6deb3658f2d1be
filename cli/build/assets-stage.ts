import type { ImageLookup } from '../../shared/images.ts';
import type { Assets } from '../../templates/render-input.ts';
import type { CompiledTemplates } from './compile-templates.ts';
import type { buildCss } from './css.ts';
import { writeIslands, type IslandsBundle } from './islands.ts';
import type { CardTemplate } from './cards.ts';
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

/** The compiled files served as they are: the stylesheet and the island scripts. */
export interface CompiledFiles {
  css: Awaited<ReturnType<typeof buildCss>>;
  islands: IslandsBundle;
}

/** The stylesheet, the island scripts (with islands.json) and the static files, into the build folder. */
export async function writeAssets(
  root: string,
  files: CompiledFiles,
  output: OutputDir,
  timer: StageTimer,
): Promise<void> {
  await timer.run(
    'assets',
    async () => {
      await output.write(`public${files.css.path}`, files.css.contents);
      const statics = await copyStaticFiles(root, output);
      await writeIslands(files.islands, output);
      return statics;
    },
    (statics) =>
      `stylesheet, ${files.islands.files.length} island files, ${statics} static file${statics === 1 ? '' : 's'}`,
  );
}
