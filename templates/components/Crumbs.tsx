import type { RouteName } from '../../shared/config.ts';
import { useSite } from '../lib/site.tsx';

/** Home / list / this page: where an item page sits, with a way up. */
export function Crumbs({ parent, current }: { parent: RouteName; current: string }) {
  const { t, href } = useSite();
  return (
    <nav className="crumbs" aria-label={t('nav.breadcrumb')}>
      <ol>
        <li>
          <a href={href('home')}>{t('nav.home')}</a>
        </li>
        <li>
          <a href={href(parent)}>{t(`nav.${parent}`)}</a>
        </li>
        <li aria-current="page" className="visually-hidden">
          {current}
        </li>
      </ol>
    </nav>
  );
}
