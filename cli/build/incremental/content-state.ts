import type { SiteConfig } from '../../../shared/config.ts';
import type { ContentFiles } from '../../content/read.ts';
import { StageTimer } from '../timings.ts';
import { collections, type Collection } from '../../content/kinds.ts';
import type { SiteModel } from '../../content/types.ts';
import type { ValidateOptions, ValidContent } from '../../content/validate.ts';
import { checkContent, DEV_VALIDATION } from '../check-site.ts';
import type { Problem } from '../../errors/site-error.ts';
import { siteManifest } from '../manifest.ts';
import { pageId } from '../build-state.ts';
import { outputFile } from '../../../shared/paths.ts';
import type { PageRoute, Redirect } from '../../routes/types.ts';
import { siteManifestSchema, type SiteManifest } from '../../../shared/site-manifest.ts';
import { createRedirectMatcher, type RedirectMatcher } from '../../../functions/redirects.ts';

/** The content files one item is made of: its Dutch file and, when translated, its English one. */
export interface ItemRef {
  collection: Collection;
  key: string;
  files: { nl: string; en?: string };
}

/** Lookups the dev server answers requests and patches with, made once per full rebuild. */
export interface SiteIndex {
  /** Every URL path (both Dutch variants, English) to its page. */
  byPath: Map<string, PageRoute>;
  /** Output file as the build would write it (index.html, en/404.html) to its page. */
  byFile: Map<string, PageRoute>;
  byId: Map<string, PageRoute>;
  /** Content file to the item it belongs to. */
  items: Map<string, ItemRef>;
  manifest: SiteManifest;
  redirects: RedirectMatcher;
}

/** One consistent, valid site: what every page is rendered from. */
export interface ContentState {
  config: SiteConfig;
  content: ValidContent;
  model: SiteModel;
  pages: PageRoute[];
  redirects: Redirect[];
  index: SiteIndex;
}

/**
 * The site's content state from its sources: the build's content side (checkContent) with dev's
 * options and Markdown, and the dev server's lookups. A state only when there is no error.
 */
export function contentState(
  config: SiteConfig,
  files: ContentFiles,
  options: Omit<Parameters<typeof checkContent>[2], keyof ValidateOptions> & Omit<ValidateOptions, 'strict' | 'drafts'>,
): { state?: ContentState; problems: Problem[] } {
  const { checked, problems } = checkContent(config, files, { ...DEV_VALIDATION, ...options });
  if (!checked) return { problems };
  const { content, model, pages, redirects } = checked;
  const index = (options.timer ?? new StageTimer()).time('index', () => indexSite(config, content, pages, redirects));
  return { state: { config, content, model, pages, redirects, index }, problems };
}

export function indexSite(
  config: SiteConfig,
  content: ValidContent,
  pages: PageRoute[],
  redirects: Redirect[],
): SiteIndex {
  const byPath = new Map<string, PageRoute>();
  const byFile = new Map<string, PageRoute>();
  const byId = new Map<string, PageRoute>();
  for (const page of pages) {
    byId.set(pageId(page), page);
    for (const path of page.paths) {
      byPath.set(path, page);
      byFile.set(outputFile(path), page);
    }
  }
  const items = new Map<string, ItemRef>();
  for (const collection of collections) {
    for (const item of content[collection]) {
      const ref: ItemRef = {
        collection,
        key: item.nl.key,
        files: { nl: item.nl.file, ...(item.en.fallback ? {} : { en: item.en.file }) },
      };
      items.set(ref.files.nl, ref);
      if (ref.files.en) items.set(ref.files.en, ref);
    }
  }
  // Parsed like `site serve` parses dist/site.json, so the request handler gets the type it knows.
  const manifest = siteManifestSchema.parse(siteManifest(config, pages, content.events));
  return { byPath, byFile, byId, items, manifest, redirects: createRedirectMatcher(redirects) };
}
