import type { SiteConfig } from '../../shared/config.ts';
import type { ParseMemo } from '../content/parse-memo.ts';
import type { ContentFiles } from '../content/read.ts';
import { validateContent } from '../content/validate.ts';
import { buildModel } from '../content/model.ts';
import { buildRoutes } from '../routes/routes.ts';
import { buildRedirects } from '../routes/redirects.ts';
import { findCollisions } from '../routes/collisions.ts';
import { orderRedirects } from '../build/redirect-files.ts';
import { describePage } from '../build/describe-page.ts';
import { originLines } from '../build/origin-lines.ts';
import type { Problem } from '../errors/site-error.ts';
import { indexSite, type ContentState } from './content-state.ts';
import type { UiStringUses } from '../source/ui-string-uses.ts';
import { Timings } from './timings.ts';

/** Options of `site dev`: drafts show (they never do in `site build`), warnings stay warnings. */
export const DEV_VALIDATION = { strict: false, drafts: true } as const;

const hasErrors = (problems: Problem[]) => problems.some((p) => p.severity === 'error');

/**
 * The whole content side of the site from its sources, the same stages in the same order as
 * the build's checkSite (validate, model, routes, collisions), with Markdown from the session's
 * memo instead of the build's file cache, and each file parsed once while its text is the same
 * (`memo`). A state only when there is no error. `validated` may be passed when the caller
 * validated already (start-up, to seed the Markdown cache first).
 */
export function checkContent(
  config: SiteConfig,
  files: ContentFiles,
  markdown: (text: string) => string,
  memo?: ParseMemo,
  validated?: ReturnType<typeof validateContent>,
  timings: Timings = new Timings(),
  uiStrings?: UiStringUses,
): { state?: ContentState; problems: Problem[] } {
  const checked =
    validated ??
    timings.run('validate', () =>
      validateContent(config, files, {
        ...DEV_VALIDATION,
        ...(memo ? { memo } : {}),
        ...(uiStrings ? { uiStrings } : {}),
      }),
    );
  if (!checked.content || hasErrors(checked.problems)) return { problems: checked.problems };
  const content = checked.content;
  const warnings = checked.problems;
  const { model, problems } = timings.run('model', () => buildModel(config, content, files.images, markdown));
  if (problems.length) return { problems: [...problems, ...warnings] };
  const pages = timings.run('routes', () => buildRoutes(model));
  const redirects = timings.run('redirects', () => orderRedirects(buildRedirects(model)));
  const collisions = timings.run('collisions', () =>
    findCollisions(pages, redirects, (page) => describePage(model, page), originLines(files)),
  );
  if (collisions.length) return { problems: [...collisions, ...warnings] };
  const index = timings.run('index', () => indexSite(config, content, pages, redirects));
  return { state: { config, content, model, pages, redirects, index }, problems: warnings };
}
