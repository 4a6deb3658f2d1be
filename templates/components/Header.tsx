import { useSite } from '../lib/site.tsx';
import { languageLink, navItems } from '../lib/navigation.ts';
import { accountProps } from '../lib/identity-props.ts';
import { perSiteText, type SiteTextMemo } from '../lib/per-site-text.ts';
import type { Site } from '../lib/site.tsx';
import { AccountLink } from './AccountLink.tsx';
import { Icon } from './Icon.tsx';
import { Logo } from './Logo.tsx';
import { MainMenu } from './MainMenu.tsx';

const accountMenus: SiteTextMemo<string> = new WeakMap();
/** The account menu's props as the slot carries them: the same on every page of a language. */
const accountMenu = (site: Site) =>
  perSiteText(accountMenus, site.model, site.locale, () => JSON.stringify(accountProps(site)));

/**
 * The site header, all HTML and CSS (issue 19): word mark, the other language, the login link and
 * the main menu, which all work without script. One small module (islands/header.ts, at most
 * 2 KB) adds what needs one: remembering the chosen language and a first visitor's browser
 * language, Escape and outside clicks for the menu, and for a signed-in visitor the account menu,
 * mounted into the empty slot from the props it carries.
 */
export function Header() {
  const site = useSite();
  const { model, href, t } = site;
  const language = languageLink(site);
  const script = site.assets.islands.header;
  return (
    <>
      <header className="site-header" data-header="">
        <div className="container header-inner">
          <a className="brand" href={href('home')}>
            <Logo name={model.config.name} />
          </a>
          <MainMenu
            label={t('nav.menu')}
            items={navItems(site)}
            search={{ href: href('search'), label: t('search.open') }}
          />
          <a
            className="language-link"
            href={language.href}
            hrefLang={language.other}
            lang={language.other}
            data-language-switch={language.other}
          >
            <Icon name="globe" size={18} />
            <span className="language-short" aria-hidden="true">
              {language.short}
            </span>
            <span className="language-long">{language.label}</span>
          </a>
          <AccountLink />
          <span className="account-slot" data-account-menu={accountMenu(site)} />
        </div>
      </header>
      {/* A module runs once the page is parsed wherever it stands; here it is fetched early. */}
      {script && <script type="module" src={script} />}
    </>
  );
}
