import { useEffect, useRef, useState } from 'react';
import { type SearchResult, searchSite } from './lib/site-index.ts';

export interface SiteSearchProps {
  /** This page's path: the form submits to it with ?q= (what a visitor without script gets back). */
  action: string;
  text: { label: string; submit: string; results: string; none: string; loading: string; failed: string };
}

/**
 * The site search (islands/lib/site-index.ts). The index of this page's language loads on the
 * first search, not before, and only the parts the query needs; the form works as a plain GET form, so ?q= in the address
 * searches at once and a search can be linked to.
 */
export default function SiteSearch({ action, text }: SiteSearchProps) {
  const [query, setQuery] = useState('');
  const [state, setState] = useState<{
    status: 'idle' | 'loading' | 'done' | 'failed';
    query: string;
    results: SearchResult[];
  }>({ status: 'idle', query: '', results: [] });
  const latest = useRef(0);

  const run = async (words: string) => {
    const ticket = ++latest.current;
    if (!words.trim()) return setState({ status: 'idle', query: '', results: [] });
    setState((before) => ({ ...before, status: 'loading', query: words }));
    try {
      const results = await searchSite(words);
      if (ticket === latest.current) setState({ status: 'done', query: words, results });
    } catch {
      if (ticket === latest.current) setState({ status: 'failed', query: words, results: [] });
    }
  };

  useEffect(() => {
    const asked = new URLSearchParams(location.search).get('q') ?? '';
    if (asked) {
      setQuery(asked);
      void run(asked);
    }
  }, []);

  const fill = (template: string) =>
    template.replace('{query}', state.query).replace('{count}', String(state.results.length));
  return (
    <div className="site-search">
      <form
        role="search"
        action={action}
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          history.replaceState(null, '', query.trim() ? `${action}?q=${encodeURIComponent(query.trim())}` : action);
          void run(query);
        }}
      >
        <label htmlFor="search-query">{text.label}</label>
        <div className="search-row">
          <input
            id="search-query"
            type="search"
            name="q"
            value={query}
            autoComplete="off"
            onInput={(event) => {
              const words = (event.target as HTMLInputElement).value;
              setQuery(words);
              void run(words);
            }}
          />
          <button className="button" type="submit">
            {text.submit}
          </button>
        </div>
      </form>
      <p className="search-status" role="status">
        {state.status === 'loading'
          ? text.loading
          : state.status === 'failed'
            ? text.failed
            : state.status === 'done'
              ? fill(state.results.length ? text.results : text.none)
              : ''}
      </p>
      {state.results.length > 0 && (
        <ol className="search-results">
          {state.results.map((result) => (
            <li key={result.url}>
              <a href={result.url}>{result.title}</a>
              {/* The page's own text, escaped (shared/search-query.ts), with <mark> around the words found. */}
              <p dangerouslySetInnerHTML={{ __html: result.excerpt }} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
