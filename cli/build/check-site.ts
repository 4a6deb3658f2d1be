import { join } from 'node:path';
import type { SiteConfig } from '../../shared/config.ts';
import type { ContentFiles } from '../content/read.ts';
import { validateContent } from '../content/validate.ts';
import { buildModel } from '../content/model.ts';
import type { SiteModel } from '../content/types.ts';
import { buildRoutes } from '../routes/routes.ts';
import { buildRedirects } from '../routes/redirects.ts';
import { findCollisions } from '../routes/collisions.ts';
import { SiteError, type Problem } from '../errors/site-error.ts';
import { startImages, type ImageWork } from '../images/stage.ts';
import { uiStringUses } from '../source/ui-string-uses.ts';
import { renderSiteMarkdown } from './markdown-stage.ts';
import { orderRedirects } from './redirect-files.ts';
import { usedImages } from './used-images.ts';
import { describePage } from './describe-page.ts';
import { originLines } from './origin-lines.ts';
import type { StageTimer } from './timings.ts';
import type { WorkerPool } from './worker-pool.ts';
import type { BuildOptions, PageRoute, Redirect } from './types.ts';

export interface BuildHooks {
  /** Problems that do not stop the build (warnings). */
  onWarnings?: (problems: Problem[]) => void;
  onImageProgress?: (done: number, total: number) => void;
}

/** The checked site: everything the output is made from. */
export interface Site {
  config: SiteConfig;
  files: ContentFiles;
  model: SiteModel;
  pages: PageRoute[];
  redirects: Redirect[];
  warnings: Problem[];
  /** Under way from the valid content on: pages render while the image files are encoded. */
  images: ImageWork;
  nextScheduled?: { file: string; date: string };
}

/** Validate, model and route the whole site: every user error is found before any output. */
export async function checkSite(run: {
  options: BuildOptions;
  hooks: BuildHooks;
  timer: StageTimer;
  config: SiteConfig;
  files: ContentFiles;
  pool: WorkerPool | undefined;
  buildDate: string;
}): Promise<Site> {
  const { options, hooks, timer, config, files, pool } = run;
  // Dated items wait for their day (issue 20); the build's day is the one its pages show.
  const publishedBy = options.future ? undefined : run.buildDate;
  const validated = await timer.run('validate', () =>
    validateContent(config, files, { ...options, publishedBy, uiStrings: uiStringUses(options.root) }),
  );
  if (!validated.content || validated.problems.some((p) => p.severity === 'error'))
    throw new SiteError(validated.problems);
  const content = validated.content;
  const warnings = validated.problems;
  // The image files take the longest and need only the valid content: they start now, beside the rest.
  const images = startImages({
    root: options.root,
    config,
    images: files.images,
    used: usedImages(content),
    cacheDir: join(options.root, '.site', 'cache', 'images'),
    ...(hooks.onImageProgress ? { onProgress: hooks.onImageProgress } : {}),
  });
  try {
    const markdown = await timer.run(
      'markdown',
      () => renderSiteMarkdown(content, join(options.root, '.site', 'cache'), pool),
      (m) => `${m.rendered} rendered, ${m.cached} from cache`,
    );
    const { model, problems } = await timer.run('model', () =>
      buildModel(config, content, files.images, markdown.html),
    );
    if (problems.length) throw new SiteError([...problems, ...warnings]);
    const [nextScheduled] = [...validated.scheduled].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    return {
      ...(await routeSite(timer, files, model, warnings)),
      config,
      files,
      model,
      warnings,
      images,
      ...(nextScheduled ? { nextScheduled } : {}),
    };
  } catch (error) {
    await images.cancel();
    throw error;
  }
}

/** Every page and redirect of the site; a path claimed twice is an error at both lines. */
async function routeSite(
  timer: StageTimer,
  files: ContentFiles,
  model: SiteModel,
  warnings: Problem[],
): Promise<Pick<Site, 'pages' | 'redirects'>> {
  const { pages, redirects } = await timer.run(
    'routes',
    () => ({ pages: buildRoutes(model), redirects: orderRedirects(buildRedirects(model)) }),
    (r) => `${r.pages.length} pages, ${r.redirects.length} redirects`,
  );
  const collisions = findCollisions(pages, redirects, (page) => describePage(model, page), originLines(files));
  if (collisions.length) throw new SiteError([...collisions, ...warnings]);
  return { pages, redirects };
}
