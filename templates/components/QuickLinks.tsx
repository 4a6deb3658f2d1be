import type { RouteName } from '../../cli/config/schema.ts';
import { useSite } from '../lib/site.tsx';
import { Icon } from './Icon.tsx';

/** The home page's four ways in, under the hero: lessons at a club, camps, academies, events. */
const links: Array<{ route: RouteName; icon: string; text: string }> = [
  { route: 'clubs', icon: 'map-pin', text: 'clubs' },
  { route: 'camps', icon: 'tent', text: 'camps' },
  { route: 'junior-academy', icon: 'trophy', text: 'academy' },
  { route: 'events', icon: 'calendar-days', text: 'events' },
];

export function QuickLinks() {
  const { t, href } = useSite();
  return (
    <nav className="container" aria-label={t('home.quickLinks')}>
      <ul className="quick-links">
        {links.map((link) => (
          <li key={link.route}>
            <a className="quick-link" href={href(link.route)}>
              <Icon name={link.icon} size={24} />
              <span>
                {t(`nav.${link.route}`)}
                <small>{t(`home.quick.${link.text}`)}</small>
              </span>
              <Icon name="arrow-right" size={20} />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
