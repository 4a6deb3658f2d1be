import { join } from 'node:path';
import { loadConfig } from '../config/load.ts';
import { readContent } from '../content/read.ts';
import { validateContent } from '../content/validate.ts';
import { buildModel } from '../content/model.ts';
import { buildRoutes } from '../routes/routes.ts';
import { buildRedirects } from '../routes/redirects.ts';
import { findCollisions } from '../routes/collisions.ts';
import { SiteError, type Problem } from '../errors/site-error.ts';
import { processImages } from '../images/stage.ts';
import { compileTemplates } from './compile-templates.ts';
import { buildCss } from './css.ts';
import { OutputDir } from './output.ts';
import { renderPages } from './render.ts';
import { renderRobots, renderSitemap } from './sitemap.ts';
import { orderRedirects, renderRedirectsFile, renderRedirectsJson } from './redirect-files.ts';
import { siteManifest } from './manifest.ts';
import { usedImages } from './used-images.ts';
import { copyStaticFiles } from './static-files.ts';
import { describePage } from './describe-page.ts';
import type { BuildOptions, BuildResult, StageTiming } from './types.ts';

export interface BuildHooks {
  /** Problems that do not stop the build (warnings). */
  onWarnings?: (problems: Problem[]) => void;
  onImageProgress?: (done: number, total: number) => void;
}

/**
 * The build, top to bottom: config -> content -> model -> routes -> images -> assets ->
 * render -> sitemap and redirects -> swap. Everything is written to a fresh folder and
 * switched in only when every stage succeeded.
 */
export async function buildSite(options: BuildOptions, hooks: BuildHooks = {}): Promise<BuildResult> {
  const timings: StageTiming[] = [];
  const timed = async <T>(stage: string, run: () => Promise<T> | T, detail?: (value: T) => string): Promise<T> => {
    const start = performance.now();
    const value = await run();
    timings.push({ stage, ms: performance.now() - start, ...(detail ? { detail: detail(value) } : {}) });
    return value;
  };
  const buildDate = new Date().toISOString().slice(0, 10);
  const cacheDir = join(options.root, '.site', 'cache');

  const config = await timed('config', () => loadConfig(options.root));
  const files = await timed('load', () => readContent(options.root), (c) => `${c.files.length} files, ${c.images.size} images`);
  const validated = await timed('validate', () => validateContent(config, files, options));
  const errors = validated.problems.filter((p) => p.severity === 'error');
  if (errors.length || !validated.content) throw new SiteError(validated.problems);
  const warnings = validated.problems;
  const { model, problems: modelProblems } = await timed('model', () => buildModel(config, validated.content!, files.images));
  if (modelProblems.length) throw new SiteError([...modelProblems, ...warnings]);

  const { pages, redirects } = await timed(
    'routes',
    () => ({ pages: buildRoutes(model), redirects: orderRedirects(buildRedirects(model)) }),
    (r) => `${r.pages.length} pages, ${r.redirects.length} redirects`,
  );
  const collisions = findCollisions(pages, redirects, (page) => describePage(model, page));
  if (collisions.length) throw new SiteError([...collisions, ...warnings]);
  if (warnings.length) hooks.onWarnings?.(warnings);

  const output = await OutputDir.create(options.out);
  try {
    const images = await timed(
      'images',
      () =>
        processImages({
          root: options.root,
          config,
          images: files.images,
          used: usedImages(model),
          publicDir: join(output.dir, 'public'),
          cacheDir: join(cacheDir, 'images'),
          ...(hooks.onImageProgress ? { onProgress: hooks.onImageProgress } : {}),
        }),
      (r) => `${r.made} made, ${r.cached} from cache`,
    );
    output.count(images.made + images.cached, images.bytes);
    const [templates, css] = await timed('compile', () => Promise.all([compileTemplates(options.root, cacheDir), buildCss(options.root, config)]));
    await output.write(`public${css.path}`, css.contents);
    await copyStaticFiles(options.root, output);
    const assets = { css: css.path, islands: {} };
    const written = await timed('render', () => renderPages({ templates: templates.module, pages, model, images: images.lookup, assets, buildDate, output }), (n) => `${n} files`);
    await timed('sitemap', () =>
      Promise.all([
        output.write('public/sitemap.xml', renderSitemap(config, pages, buildDate)),
        output.write('public/robots.txt', renderRobots(config)),
        output.write('redirects.json', renderRedirectsJson(redirects)),
        output.write('public/_redirects', renderRedirectsFile(redirects)),
        output.write('site.json', `${JSON.stringify(siteManifest(config, pages), null, 2)}\n`),
      ]),
    );
    await timed('write', () => output.commit());
    return {
      out: options.out,
      pages: written,
      files: output.files,
      bytes: output.bytes,
      images: { made: images.made, cached: images.cached },
      timings,
      warnings: warnings.length,
    };
  } catch (error) {
    await output.discard();
    throw error;
  }
}
