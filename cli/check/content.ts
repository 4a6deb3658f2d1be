import { loadConfig } from '../config/load.ts';
import { readContent } from '../content/read.ts';
import { renderMarkdown } from '../content/markdown.ts';
import { checkContent, DEV_VALIDATION } from '../build/content-stages.ts';
import { isSiteError, type Problem } from '../errors/site-error.ts';
import { uiStringUses } from '../source/ui-string-uses.ts';

/**
 * Every problem of site.config.yaml and content/, as `site dev` reports them (drafts included,
 * warnings stay warnings): validate, model, routes, collisions; no build, no output.
 */
export async function contentProblems(root: string): Promise<Problem[]> {
  try {
    const [config, files] = await Promise.all([loadConfig(root), readContent(root)]);
    return checkContent(config, files, { ...DEV_VALIDATION, markdown: renderMarkdown, uiStrings: uiStringUses(root) })
      .problems;
  } catch (error) {
    if (isSiteError(error)) return error.problems;
    throw error;
  }
}
