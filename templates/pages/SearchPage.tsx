import { PageFrame } from '../layouts/PageFrame.tsx';
import { Prose } from '../components/Prose.tsx';
import { Island } from '../components/Island.tsx';
import { usePageText } from '../lib/page-text.ts';
import { useSite } from '../lib/site.tsx';

/**
 * The site search: a GET form and its results, from the static index (cli/build/search-index.ts).
 * Only this page loads the search, and only once a visitor searches.
 */
export function SearchPage() {
  const text = usePageText();
  const { t, page } = useSite();
  const words = (key: string) => t(`search.${key}`);
  return (
    <PageFrame>
      <Prose html={text.html} />
      <Island
        name="site-search"
        props={{
          action: page.canonical,
          text: {
            label: words('label'),
            submit: words('submit'),
            results: words('results'),
            none: words('none'),
            loading: words('loading'),
            failed: words('failed'),
          },
        }}
        load="load"
      />
      <noscript>
        <p className="notice">{words('needsScript')}</p>
      </noscript>
    </PageFrame>
  );
}
