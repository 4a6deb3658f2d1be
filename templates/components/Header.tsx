import { useSite } from '../lib/site.tsx';
import { navItems } from '../lib/island-props.ts';
import { Island } from './Island.tsx';
import { Logo } from './Logo.tsx';
import { LanguageLink } from './LanguageLink.tsx';

/**
 * Site header with the spec's navigation. The menu is the mobile-nav island (islands/mobile-nav.tsx):
 * <details> menus that collapse into one <details> on phones, so it works before (and without)
 * any script; hydrated when the browser is idle, it adds Escape, outside clicks and focus return.
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
        <Island name="mobile-nav" props={{ label: t('nav.menu'), items: navItems(site) }} load="idle" />
        <LanguageLink />
      </div>
    </header>
  );
}
