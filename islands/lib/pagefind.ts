/** What the search island uses of Pagefind's script. */
export interface Pagefind {
  options(options: { baseUrl: string }): Promise<void>;
  mergeIndex(path: string, options: { baseUrl: string }): Promise<void>;
  search(query: string): Promise<{
    results: Array<{ data(): Promise<{ url: string; meta: { title?: string }; excerpt: string }> }>;
  } | null>;
}

// Variables, so esbuild leaves the import to the browser: the index is written after the islands
// are bundled, and only the search page's visitors, once they search, download it (issue 23).
const FOLDER = '/pagefind/';
const SCRIPT = `${FOLDER}pagefind.js`;
let loading: Promise<Pagefind> | undefined;

/**
 * Pagefind with the whole index of this page's language: its script and shard 0 of each language
 * from /pagefind/, merged with the language's other shards that /pagefind/shards.json names
 * (cli/build/search-shards.ts), all asked for at once.
 */
export function loadPagefind(): Promise<Pagefind> {
  loading ??= Promise.all([
    import(/* @vite-ignore */ SCRIPT) as Promise<Pagefind>,
    fetch(`${FOLDER}shards.json`).then((answer) => {
      if (!answer.ok) throw new Error(`${answer.status} for the search index's shards`);
      return answer.json() as Promise<Record<string, string[]>>;
    }),
  ]).then(async ([pagefind, shards]) => {
    await pagefind.options({ baseUrl: '/' });
    const language = document.documentElement.lang;
    await Promise.all(
      (shards[language] ?? []).map((folder) => pagefind.mergeIndex(`${FOLDER}${folder}`, { baseUrl: '/' })),
    );
    return pagefind;
  });
  loading.catch(() => (loading = undefined)); // a failed load (offline) is tried again on the next search
  return loading;
}
