import { expect, test } from 'vitest';
import { byPage } from '../../cli/build/reuse.ts';
import type { PageRoute } from '../../cli/build/types.ts';

const page = (key: string, locale: 'nl' | 'en' = 'nl') => ({ key, locale }) as unknown as PageRoute;

test("a build's records by page: in the pages' order, what the render found now, else the previous build's for a page linked from it", () => {
  // Not in sorted order: the record follows the pages, whatever was linked or rendered.
  const pages = [page('zebra'), page('news-article:2'), page('camps', 'en'), page('camps'), page('gone')];
  const kept = byPage(pages, [pages[0]!, pages[2]!, pages[4]!]);
  const before = {
    'zebra|nl': 'old zebra',
    'news-article:2|nl': 'old article',
    'camps|en': 'old camps',
    'camps|nl': 'old camps nl',
    'removed|nl': 'a page no longer built',
  };
  const now = { 'news-article:2|nl': 'new article', 'camps|nl': '' };
  const record = kept(before, now);
  // Rendered now: its own value (even an empty one); linked: the previous build's; a page linked that had none: none.
  expect(Object.entries(record)).toEqual([
    ['zebra|nl', 'old zebra'],
    ['news-article:2|nl', 'new article'],
    ['camps|en', 'old camps'],
    ['camps|nl', ''],
  ]);
  // A page rendered again without a value now does not keep the previous build's.
  expect(kept(before, {})).toEqual({ 'zebra|nl': 'old zebra', 'camps|en': 'old camps' });
  expect(kept(undefined, now)).toEqual(now);
});
