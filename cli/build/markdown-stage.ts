import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { renderMarkdown } from '../content/markdown.ts';
import { markdownKeyOf } from '../content/markdown-key.ts';
import type { ValidContent } from '../content/validate.ts';
import { bodyMarkdown, type MarkdownRenderer } from '../content/model.ts';
import type { Localized } from '../content/types.ts';
import { collections, kindOf } from '../content/kinds.ts';
import { fieldValues } from '../content/field-values.ts';
import { frontMatterParts } from '../content/front-matter.ts';
import type { ContentFiles } from '../content/read.ts';
import type { Ahead, WorkerPool } from './worker-pool.ts';
import { MarkdownCache } from './markdown-cache.ts';
import { attachBody, readShared, type SharedText, sharedTexts } from './shared-bodies.ts';

/**
 * The keys of the texts of the last Markdown stage of this process, by text: V8 keeps a string's
 * hash in the string, so a lookup with the same text is cheap where hashing it again is not.
 */
let lastKeys = new Map<string, string>();

/** A Markdown text's key (../content/markdown-key.ts), looked up when this stage had the text. */
export const markdownKey = (text: string): string => lastKeys.get(text) ?? markdownKeyOf(text);

/** Texts of a stored content state (./incremental/stored-state.ts), which keeps its bodies' keys, not their Markdown. */
const restoredKeys = new WeakMap<Localized<unknown>, string>();
export const restoreBodyKey = (text: Localized<unknown>, key: string) => restoredKeys.set(text, key);

/** The key of the Markdown a text's `html` was rendered from (../content/model.ts `bodyMarkdown`). */
export function bodyKey(text: Localized<unknown>): string | undefined {
  const markdown = bodyMarkdown.get(text);
  return markdown === undefined ? restoredKeys.get(text) : markdownKey(markdown);
}

/** Every Markdown text of the site: each item's body and the fields its kind declares Markdown (page sections, answers). */
function markdownTexts(content: ValidContent): Set<string> {
  const texts = new Set<string>();
  for (const collection of collections) {
    const fields = kindOf(collection).markdown ?? [];
    for (const item of content[collection]) {
      for (const localized of [item.nl, item.en]) {
        texts.add(localized.body);
        for (const { value } of fields.flatMap((pattern) => fieldValues(localized.data, pattern)))
          if (typeof value === 'string') texts.add(value);
      }
    }
  }
  return texts;
}

/** The cache's folder under the build's cache (./markdown-cache.ts). */
export const MARKDOWN_CACHE = 'markdown';

/** Bodies sent to the workers before the Markdown stage (`markdownAhead`): the texts, and their HTML to come, in shared memory. */
export type MarkdownAhead = Ahead<string, SharedText>;

/**
 * Bodies go to the workers in batches of this many: small enough that this thread, taking back
 * what they have not started when it comes to the Markdown stage, takes its fair share of the end.
 */
const AHEAD_BATCH = 20;

/**
 * A cold build (no Markdown cache) with workers: the bodies of the Markdown files rendered on the
 * workers from now on, while this thread validates the content; the Markdown stage takes back the
 * batches they have not started by then (`renderSiteMarkdown`). They idled while this thread
 * validates and saves the parses (0.35-0.45 s at 4,000 sources, ~100 us a file), then while it
 * gathered, hashed and looked up the texts of the stage (issue 21). A body the validation then
 * leaves out (a draft, a file with an error) was rendered for nothing; the Markdown stage renders
 * the texts not sent (Markdown fields) itself.
 */
export function markdownAhead(
  files: ContentFiles,
  cacheDir: string,
  pool: WorkerPool | undefined,
): MarkdownAhead | undefined {
  if (!pool || existsSync(join(cacheDir, MARKDOWN_CACHE))) return undefined;
  const texts = files.files.flatMap((file) =>
    file.path.endsWith('.md') ? (frontMatterParts(file.text)?.body ?? []) : [],
  );
  if (texts.length < AHEAD_BATCH) return undefined;
  return pool.ahead<string, SharedText>('markdown-shared', texts, AHEAD_BATCH);
}

/** The site's Markdown as HTML, and what is left of the stage (`finish`). */
export interface SiteMarkdown {
  html: MarkdownRenderer;
  rendered: number;
  cached: number;
  /**
   * The bodies sent ahead waited for (this thread takes back those no worker has started), and
   * the cache saved. Until then, `html` renders a body sent ahead in this thread, as does a text
   * made to read one from shared memory (`html.shared`) if it is read: a build reads none before.
   */
  finish: () => Promise<void>;
}

/**
 * Markdown to HTML for the whole site, keyed by content hash and kept between builds in
 * .site/cache/markdown/ (./markdown-cache.ts): an unchanged text is never rendered twice. What
 * is new is rendered across the worker threads when there are many, and what was sent `ahead` is
 * taken from there: in shared memory, where the model reads it (`html.shared`), waited for only
 * by `finish`. A first build makes its model and routes while the workers render the last bodies:
 * the render worker idled ~0.3 s at 4,000 sources while this thread made them after (issue 21).
 */
export async function renderSiteMarkdown(
  content: ValidContent,
  cacheDir: string,
  pool: WorkerPool | undefined,
  ahead?: MarkdownAhead,
  known?: ReadonlyMap<string, string>,
): Promise<SiteMarkdown> {
  const texts = [...markdownTexts(content)];
  // The keys of the bodies of unchanged files come with their stored parses (`known`): the
  // others' are taken here (at 4,000 sources, hashing 8 MB of bodies was ~15 ms of every build).
  const keys = texts.map((text) => known?.get(text) ?? markdownKeyOf(text));
  lastKeys = new Map(texts.map((text, index) => [text, keys[index]!]));
  const cache = MarkdownCache.read(join(cacheDir, MARKDOWN_CACHE), keys);
  const byText = new Map<string, string>();
  const uncached: string[] = [];
  const uncachedKeys: string[] = [];
  texts.forEach((text, index) => {
    const html = cache.html(keys[index]!);
    if (html !== undefined) byText.set(text, html);
    else {
      uncached.push(text);
      uncachedKeys.push(keys[index]!);
    }
  });
  const early = new Set(ahead?.items);
  const missing = uncached.filter((text) => !early.has(text));
  // With bodies ahead, the workers are busy with them: this thread renders what was not sent, then
  // takes back the batches they have not started.
  const rendered =
    pool && !ahead && missing.length > 200
      ? await pool.share('markdown', missing, (batch) => batch.map(renderMarkdown))
      : missing.map(renderMarkdown);
  missing.forEach((text, index) => byText.set(text, rendered[index]!));
  const aheadAt = new Map(ahead?.items.map((text, at) => [text, at]));
  let shared: SharedText[] = [];
  const sharedOf = (markdown: string) => {
    const at = aheadAt.get(markdown);
    return at === undefined ? undefined : shared[at];
  };
  const html: MarkdownRenderer = (markdown) => {
    const body = sharedOf(markdown);
    return byText.get(markdown) ?? (body ? readShared(body) : renderMarkdown(markdown));
  };
  html.shared = (text, markdown) => {
    const at = aheadAt.get(markdown);
    if (at !== undefined)
      attachBody(
        text,
        () => shared[at],
        () => renderMarkdown(markdown),
      );
    return at !== undefined;
  };
  const finish = async () => {
    if (ahead) shared = await ahead.finish((batch) => sharedTexts(batch.map(renderMarkdown)));
    cache.save(new Map(uncached.map((text, index) => [uncachedKeys[index]!, byText.get(text) ?? sharedOf(text)!])));
  };
  return { html, rendered: uncached.length, cached: texts.length - uncached.length, finish };
}
