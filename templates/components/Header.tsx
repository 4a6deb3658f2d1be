import { useSite } from '../lib/site.tsx';
import { languageProps, navItems } from '../lib/island-props.ts';
import { accountProps } from '../lib/identity-props.ts';
import { AccountLink } from './AccountLink.tsx';
import { Island } from './Island.tsx';
import { Logo } from './Logo.tsx';
import { Icon } from './Icon.tsx';

/**
 * Site header with the spec's navigation and the language switch: the site-header island
 * (islands/site-header.tsx). The menu is <details> menus that collapse into one <details> on
 * phones, so it works before (and without) any script; hydrated, it adds Escape, outside clicks
 * and focus return, and the language switch remembers the visitor's language.
 */
export function Header() {
  const site = useSite();
  const { model, href, t } = site;
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a className="brand" href={href('home')}>
          <Logo name={model.config.name} />
        </a>
        <Island name="site-header" props={{ nav: { label: t('nav.menu'), items: navItems(site) }, language: languageProps(site), account: accountProps(site) }} load="load" />
        <a className="search-link" href={href('search')}>
          <Icon name="search" size={20} />
          <span className="visually-hidden">{t('search.open')}</span>
        </a>
        <AccountLink />
      </div>
    </header>
  );
}
