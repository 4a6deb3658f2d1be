import type { NavLink } from '../../cli/config/schema.ts';
import { useSite } from '../lib/site.tsx';
import { Icon } from './Icon.tsx';
import { Logo } from './Logo.tsx';
import { LanguageLink } from './LanguageLink.tsx';

function NavAnchor({ link }: { link: NavLink }) {
  const { href, t, page } = useSite();
  if ('href' in link) {
    return (
      <a href={link.href} rel="noopener">
        {t(link.label)}
      </a>
    );
  }
  const target = href(link.route);
  const current = page.route === link.route;
  return (
    <a href={target} {...(current ? { 'aria-current': 'page' as const } : {})}>
      {t(`nav.${link.route}`)}
    </a>
  );
}

/**
 * Site header with the spec's navigation. Groups are <details> menus and the whole menu
 * collapses into a <details> on phones, so it works before (and without) any script.
 */
export function Header() {
  const { model, href, t } = useSite();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a className="brand" href={href('home')}>
          <Logo name={model.config.name} />
        </a>
        <details className="menu" data-menu>
          <summary className="menu-button">
            <Icon name="menu" size={22} />
            <span>{t('nav.menu')}</span>
          </summary>
          <nav className="main-nav" aria-label={t('nav.menu')}>
            <ul>
              {model.config.navigation.map((item, index) =>
                'children' in item ? (
                  <li key={index} className="has-children">
                    <details className="submenu">
                      <summary>
                        {t(item.label)}
                        <Icon name="chevron-down" size={16} />
                      </summary>
                      <ul>
                        {item.children.map((child, childIndex) => (
                          <li key={childIndex}>
                            <NavAnchor link={child} />
                          </li>
                        ))}
                      </ul>
                    </details>
                  </li>
                ) : (
                  <li key={index}>
                    <NavAnchor link={item} />
                  </li>
                ),
              )}
            </ul>
          </nav>
        </details>
        <LanguageLink />
      </div>
    </header>
  );
}
