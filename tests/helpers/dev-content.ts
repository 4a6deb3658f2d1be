import type { SiteConfig } from '../../shared/config.ts';
import type { ContentFiles } from '../../cli/content/read.ts';
import type { ParseReuse } from '../../cli/content/parse-reuse.ts';
import { validateContent } from '../../cli/content/validate.ts';
import { DEV_VALIDATION } from '../../cli/build/content-stages.ts';
import { StageTimer } from '../../cli/build/timings.ts';
import { contentState } from '../../cli/build/incremental/content-state.ts';

/** `site dev`'s full content path over these files, as its session runs it: validation in dev's settings, then the rest. */
export function devContentState(
  config: SiteConfig,
  files: ContentFiles,
  options: { markdown: (text: string) => string; memo?: ParseReuse },
) {
  const validated = validateContent(config, files, { ...DEV_VALIDATION, memo: options.memo });
  return contentState(config, files, validated, { markdown: options.markdown, timer: new StageTimer() });
}
