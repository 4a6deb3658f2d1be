import { join } from 'node:path';
import type { SiteConfig } from '../../shared/config.ts';
import type { ContentFiles } from '../content/read.ts';
import { validateContent, type ValidateOptions, type ValidContent } from '../content/validate.ts';
import { StoredParses } from '../content/stored-parses.ts';
import { toolStamp } from './build-state.ts';
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
import { StageTimer } from './timings.ts';
import type { WorkerPool } from './worker-pool.ts';
import type { BuildOptions, PageRoute, Redirect } from './types.ts';

export interface BuildHooks {
  /** Problems that do not stop the build (warnings). */
  onWarnings?: (problems: Problem[]) => void;
  onImageProgress?: (done: number, total: number) => void;
}

type Validated = ReturnType<typeof validateContent>;

/** Options of `site dev` and `site check --content`: drafts show (never in `site build`), warnings stay warnings. */
export const DEV_VALIDATION = { strict: false, drafts: true } as const;

/** The content side of a site that passed every check: what pages are rendered from. */
export interface CheckedContent {
  content: ValidContent;
  model: SiteModel;
  pages: PageRoute[];
  redirects: Redirect[];
  warnings: Problem[];
}

/** The checked site: everything the build's output is made from. */
export interface Site extends CheckedContent {
  config: SiteConfig;
  files: ContentFiles;
  /** Under way from the valid content on: pages render while the image files are encoded. */
  images: ImageWork;
  nextScheduled?: { file: string; date: string };
}

const isValid = (validated: Validated): validated is Validated & { content: ValidContent } =>
  validated.content !== undefined && !validated.problems.some((p) => p.severity === 'error');

/** The first stage of the content side: every file read against its schema, references checked. */
export function validateSite(timer: StageTimer, config: SiteConfig, files: ContentFiles, options: ValidateOptions) {
  return timer.time('validate', () => validateContent(config, files, options));
}

/**
 * The rest of the content side, after validation and Markdown: model, routes and redirects, and
 * paths claimed twice (an error at both lines). Problems are returned, with the warnings.
 */
export function modelSite(
  timer: StageTimer,
  config: SiteConfig,
  files: ContentFiles,
  validated: Validated & { content: ValidContent },
  markdown: (text: string) => string,
): { checked?: CheckedContent; problems: Problem[] } {
  const { content, problems: warnings } = validated;
  const { model, problems } = timer.time('model', () => buildModel(config, content, files.images, markdown));
  if (problems.length) return { problems: [...problems, ...warnings] };
  const { pages, redirects } = timer.time(
    'routes',
    () => ({ pages: buildRoutes(model), redirects: orderRedirects(buildRedirects(model)) }),
    (r) => `${r.pages.length} pages, ${r.redirects.length} redirects`,
  );
  const collisions = findCollisions(pages, redirects, (page) => describePage(model, page), originLines(files));
  if (collisions.length) return { problems: [...collisions, ...warnings] };
  return { checked: { content, model, pages, redirects, warnings }, problems: warnings };
}

/**
 * The whole content side in memory, Markdown by `markdown`: what `site dev` runs on a full
 * rebuild (it passes `validated` when it validated first, to seed its Markdown). A site only when
 * there is no error.
 */
export function checkContent(
  config: SiteConfig,
  files: ContentFiles,
  options: ValidateOptions & { markdown: (text: string) => string; timer?: StageTimer; validated?: Validated },
): { checked?: CheckedContent; problems: Problem[] } {
  const { markdown, timer = new StageTimer(), validated, ...validation } = options;
  const valid = validated ?? validateSite(timer, config, files, validation);
  if (!isValid(valid)) return { problems: valid.problems };
  return modelSite(timer, config, files, valid, markdown);
}

/** The Markdown of valid content: from the file cache (.site/cache/markdown.json), what is new on the workers. */
export function markdownStage(timer: StageTimer, root: string, content: ValidContent, pool: WorkerPool | undefined) {
  return timer.run(
    'markdown',
    () => renderSiteMarkdown(content, join(root, '.site', 'cache'), pool),
    (m) => `${m.rendered} rendered, ${m.cached} from cache`,
  );
}

/**
 * The build's content side: the same stages, Markdown from the file cache on the workers, and
 * the images started as soon as the content is valid. Throws every user error before any output.
 */
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
  // Each file's own checks are kept between builds: after an edit only the edited files are parsed.
  const memo = await StoredParses.load(join(options.root, '.site', 'cache', 'parses.json'), await toolStamp());
  const validated = validateSite(timer, config, files, {
    ...options,
    publishedBy,
    uiStrings: uiStringUses(options.root),
    memo,
  });
  await memo.save();
  if (!isValid(validated)) throw new SiteError(validated.problems);
  // The image files take the longest and need only the valid content: they start now, beside the rest.
  const images = startImages({
    root: options.root,
    config,
    images: files.images,
    used: usedImages(validated.content),
    cacheDir: join(options.root, '.site', 'cache', 'images'),
    ...(hooks.onImageProgress ? { onProgress: hooks.onImageProgress } : {}),
  });
  try {
    const markdown = await markdownStage(timer, options.root, validated.content, pool);
    const { checked, problems } = modelSite(timer, config, files, validated, markdown.html);
    if (!checked) throw new SiteError(problems);
    const [nextScheduled] = [...validated.scheduled].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    return { ...checked, config, files, images, ...(nextScheduled ? { nextScheduled } : {}) };
  } catch (error) {
    await images.cancel();
    throw error;
  }
}
