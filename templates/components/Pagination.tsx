import { useSite } from '../lib/site.tsx';
import { Icon } from './Icon.tsx';

/** Links between the pages of the news list: previous, a window of numbers, next. */
export function Pagination({ current, pages }: { current: number; pages: number }) {
  const { href, t } = useSite();
  if (pages <= 1) return null;
  const link = (page: number) => (page === 1 ? href('news') : href('news-page', { id: page }));
  const shown = [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, pages])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label={t('common.pagination')}>
      {current > 1 && (
        <a href={link(current - 1)} rel="prev">
          <Icon name="chevron-left" size={18} /> {t('common.previous')}
        </a>
      )}
      <ol>
        {shown.map((page, index) => (
          <li key={page}>
            {index > 0 && page - shown[index - 1]! > 1 && <span aria-hidden="true">…</span>}
            {page === current ? (
              <span aria-current="page">{page}</span>
            ) : (
              <a href={link(page)} aria-label={t('common.page', { page })}>
                {page}
              </a>
            )}
          </li>
        ))}
      </ol>
      {current < pages && (
        <a href={link(current + 1)} rel="next">
          {t('common.next')} <Icon name="chevron-right" size={18} />
        </a>
      )}
    </nav>
  );
}
