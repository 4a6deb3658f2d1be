import { join } from 'node:path';
import type { SiteConfig } from '../../shared/config.ts';
import type { ContentFiles } from '../content/read.ts';
import {
  validateContent,
  validationSteps,
  type Validated,
  type ValidateOptions,
  type ValidContent,
} from '../content/validate.ts';
import { runStepsYielding } from '../content/steps.ts';
import { buildModel } from '../content/model.ts';
import type { SiteModel } from '../content/types.ts';
import { buildRoutes } from '../routes/routes.ts';
import { buildRedirects } from '../routes/redirects.ts';
import { findCollisions } from '../routes/collisions.ts';
import type { Problem } from '../errors/site-error.ts';
import type { ImageWork } from '../images/stage.ts';
import { type MarkdownAhead, renderSiteMarkdown } from './markdown-stage.ts';
import { orderRedirects } from './redirect-files.ts';
import { describePage } from './describe-page.ts';
import { originLines } from './origin-lines.ts';
import { StageTimer } from './timings.ts';
import type { WorkerPool } from './worker-pool.ts';
import type { PageRoute, Redirect } from './types.ts';

export interface BuildHooks {
  /** Problems that do not stop the build (warnings). */
  onWarnings?: (problems: Problem[]) => void;
  onImageProgress?: (done: number, total: number) => void;
}

/** Options of `site dev` and `site check --content`: drafts show (never in `site build`), warnings stay warnings. */
export const DEV_VALIDATION = { strict: false, drafts: true } as const;

/** The content side of a site that passed every check: what pages are rendered from. */
export interface CheckedContent {
  content: ValidContent;
  model: SiteModel;
  pages: PageRoute[];
  redirects: Redirect[];
  warnings: Problem[];
  /** The next item left out for a later day (the build's --future publishes it now). */
  nextScheduled?: { file: string; date: string };
}

/**
 * The checked site: everything the build's output is made from. Not the content files nor the
 * validated content (each body a slice of its file's text): the model has what pages need.
 */
export interface Site extends Omit<CheckedContent, 'content'> {
  config: SiteConfig;
  /** Under way from the valid content on: pages render while the image files are encoded. */
  images: ImageWork;
}

export const isValid = (validated: Validated): validated is Validated & { content: ValidContent } =>
  validated.content !== undefined && !validated.problems.some((p) => p.severity === 'error');

/**
 * The first stage of the content side: every file read against its schema, references checked.
 * A long one gives the event loop turns (../content/steps.ts): the bundles esbuild makes beside it
 * need them.
 */
export function validateSite(
  timer: StageTimer,
  config: SiteConfig,
  files: ContentFiles,
  options: ValidateOptions,
): Promise<Validated> {
  return timer.run('validate', () => runStepsYielding(validationSteps(config, files, options)));
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
  const [nextScheduled] = [...validated.scheduled].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const checked = { content, model, pages, redirects, warnings, ...(nextScheduled ? { nextScheduled } : {}) };
  return { checked, problems: warnings };
}

/** The whole content side in memory, Markdown by `markdown` (`site check --content`). A site only when there is no error. */
export function checkContent(
  config: SiteConfig,
  files: ContentFiles,
  options: ValidateOptions & { markdown: (text: string) => string },
): { checked?: CheckedContent; problems: Problem[] } {
  const { markdown, ...validation } = options;
  const valid = validateContent(config, files, validation);
  if (!isValid(valid)) return { problems: valid.problems };
  return modelSite(new StageTimer(), config, files, valid, markdown);
}

/**
 * The Markdown of valid content: from the file cache (.site/cache/markdown/), what is new on the
 * workers. `known`: Markdown keys of texts, from the stored parses.
 */
export function markdownStage(
  timer: StageTimer,
  root: string,
  content: ValidContent,
  pool: WorkerPool | undefined,
  ahead?: MarkdownAhead,
  known?: ReadonlyMap<string, string>,
) {
  return timer.run(
    'markdown',
    () => renderSiteMarkdown(content, join(root, '.site', 'cache'), pool, ahead, known),
    (m) => `${m.rendered} rendered, ${m.cached} from cache`,
  );
}
