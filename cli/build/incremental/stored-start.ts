import { join } from 'node:path';
import type { CollectionOptions } from '../../content/collection-items.ts';
import { renderMarkdown } from '../../content/markdown.ts';
import { markdownKeyOf } from '../../content/markdown-key.ts';
import { ParseMemo } from '../../content/parse-memo.ts';
import { MarkdownCache, shardReader, shardStamps } from '../markdown-cache.ts';
import { MARKDOWN_CACHE } from '../markdown-stage.ts';
import { patchItem, quietPatch, validClubs } from './content-patch.ts';
import { withIndex, type ContentState } from './content-state.ts';
import { readState, restoredState, storedKeys, type StoredBodies } from './stored-state.ts';
import type { StoredFile } from './stored-state-file.ts';

/** What a patch of the stored state reads: the build's validation and its files as they are now. */
export interface StartInputs {
  /** The build's cache folder (.site/cache): the Markdown cache's HTML fills the state in. */
  cacheDir: string;
  validation: Omit<CollectionOptions, 'memo'>;
  textOf: (path: string) => string | undefined;
}

/**
 * `site build` after one edit (issue 21): the content state of the build before
 * (./stored-state-file.ts) with the edited Markdown file patched in as `site dev` patches it
 * (./content-patch.ts), under the build's validation, in place of the whole content validated,
 * modelled and routed again (~0.25 s of this thread at 4,000 sources). No content file changed
 * since the state (an edit undone): the state as it was. None, and the build takes the full path, when the state
 * does not read back or the patch does not keep the site's pages (a new slug or date, an item
 * that leaves the site, an error: the full path reports it as it always did). An item with warnings also takes the full path: it says every warning of
 * the site in the order the validation finds them.
 */
export function startFromStored(stored: StoredFile, inputs: StartInputs): ContentState | undefined {
  const read = readState(stored.payload);
  if (!read) return undefined;
  const bodies = storedBodies(join(inputs.cacheDir, MARKDOWN_CACHE), stored.markdown, () => storedKeys(read));
  const state = restoredState(read, bodies);
  if (!state) return undefined;
  const [file] = stored.changed;
  if (file === undefined) return withIndex(state);
  // The edited item's texts: from the cache when unchanged (a title edit), else rendered (the
  // next full build keeps them in the cache).
  const markdown = (text: string): string => bodies.find(markdownKeyOf(text)) ?? renderMarkdown(text);
  const { validation, textOf } = inputs;
  // The clubs of the state: clubs.yaml is one of its files, unchanged (the changed file is this item's).
  const clubs = validClubs(state.content.clubs);
  const result = patchItem(withIndex(state), file, textOf, markdown, clubs, new ParseMemo(), validation);
  return quietPatch(result, state.warnings);
}

/**
 * Markdown to HTML by the Markdown cache in `cacheDir` (a text's HTML is its key's, whichever shard
 * holds it), rendered when it holds none: how a session started from a stored state renders the
 * texts of its later edits, and of a full check (`site build --watch`).
 */
export function cachedMarkdown(cacheDir: string): (text: string) => string {
  const find = shardReader(join(cacheDir, MARKDOWN_CACHE));
  return (text) => find(markdownKeyOf(text)) ?? renderMarkdown(text);
}

/**
 * The HTML of a stored state's texts, from the Markdown cache in `dir`. Its shards as they were
 * when the state was stored (`stamps`: the build that stored it had just saved them with its texts'
 * keys): each shard read when one of its texts is first asked for. Else (written since, or a state
 * of an older build) all of them read first, to know they hold every key (12 MB at 4,000 sources).
 * `find`: a key's HTML, none when the cache does not hold it.
 */
function storedBodies(
  dir: string,
  stamps: string | undefined,
  keys: () => Set<string>,
): StoredBodies & { find(key: string): string | undefined } {
  if (stamps !== undefined && stamps === shardStamps(dir)) {
    const find = shardReader(dir);
    return {
      has: () => true,
      get: (key) => {
        const html = find(key);
        // A shard changed since its stamps were taken, in place or while this build read it.
        if (html === undefined) throw new Error(`The Markdown cache in ${dir} changed during the build: build again.`);
        return html;
      },
      find,
    };
  }
  const cache = MarkdownCache.read(dir, keys(), true);
  return { has: (key) => cache.has(key), get: (key) => cache.html(key), find: (key) => cache.html(key) };
}
