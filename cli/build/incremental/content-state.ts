import type { SiteConfig } from '../../../shared/config.ts';
import type { ContentFiles } from '../../content/read.ts';
import type { StageTimer } from '../timings.ts';
import { collections, type Collection } from '../../content/kinds.ts';
import type { validateContent, ValidContent } from '../../content/validate.ts';
import { isValid, modelSite, type CheckedContent } from '../content-stages.ts';
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
export interface ContentState extends CheckedContent {
  config: SiteConfig;
  /** The lookups of `site dev`'s requests and fast path, made when first asked for (the build never asks). */
  index: SiteIndex;
}

/** The rest of the build's content side after validation (checkContent's stages): a state only when there is no error. */
export function contentState(
  config: SiteConfig,
  files: ContentFiles,
  validated: ReturnType<typeof validateContent>,
  options: { markdown: (text: string) => string; timer: StageTimer },
): { state?: ContentState; problems: Problem[] } {
  if (!isValid(validated)) return { problems: validated.problems };
  const { checked, problems } = modelSite(options.timer, config, files, validated, options.markdown);
  if (!checked) return { problems };
  return { state: withIndex({ config, ...checked }), problems };
}

/** A checked state with its request index, made when first read. */
export function withIndex(checked: Omit<ContentState, 'index'>): ContentState {
  let index: SiteIndex | undefined;
  return {
    ...checked,
    get index() {
      index ??= indexSite(checked.config, checked.content, checked.pages, checked.redirects);
      return index;
    },
  };
}

/**
 * The lookups over a state, each made when first read: a build patching a stored state
 * (./stored-start.ts) reads the items alone (the rest was 15-25 ms of an edit build).
 */
export function indexSite(
  config: SiteConfig,
  content: ValidContent,
  pages: PageRoute[],
  redirects: Redirect[],
): SiteIndex {
  let byPage: Pick<SiteIndex, 'byPath' | 'byFile' | 'byId'> | undefined;
  let manifest: SiteManifest | undefined;
  let matcher: RedirectMatcher | undefined;
  return {
    items: itemRefs(content),
    get byPath() {
      byPage ??= indexPages(pages);
      return byPage.byPath;
    },
    get byFile() {
      byPage ??= indexPages(pages);
      return byPage.byFile;
    },
    get byId() {
      byPage ??= indexPages(pages);
      return byPage.byId;
    },
    // Parsed like `site serve` parses dist/site.json, so the request handler gets the type it knows.
    get manifest() {
      manifest ??= siteManifestSchema.parse(siteManifest(config, pages, content.events));
      return manifest;
    },
    get redirects() {
      matcher ??= createRedirectMatcher(redirects);
      return matcher;
    },
  };
}

function indexPages(pages: PageRoute[]): Pick<SiteIndex, 'byPath' | 'byFile' | 'byId'> {
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
  return { byPath, byFile, byId };
}

function itemRefs(content: ValidContent): Map<string, ItemRef> {
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
  return items;
}
