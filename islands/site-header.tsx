import { AccountMenu, type AccountMenuProps } from './components/AccountMenu.tsx';
import { LanguageSwitch, type LanguageSwitchProps } from './components/LanguageSwitch.tsx';
import { MobileNav, type MobileNavProps } from './components/MobileNav.tsx';

export interface SiteHeaderProps {
  nav: MobileNavProps;
  language: LanguageSwitchProps;
  account: AccountMenuProps;
}

/**
 * The header's interactive parts: the navigation (components/MobileNav.tsx) and the language
 * switch (components/LanguageSwitch.tsx). They sit side by side on every page with a header, so
 * they are one island: one script file less on every page, which the 15 KB budget of the
 * heaviest page (a club: six islands) needs. Hydrated at once, since the language switch may
 * send a first-time visitor to their own language. The account menu (components/AccountMenu.tsx)
 * shows who is signed in.
 */
export default function SiteHeader({ nav, language, account }: SiteHeaderProps) {
  return (
    <>
      <MobileNav {...nav} />
      <LanguageSwitch {...language} />
      <AccountMenu {...account} />
    </>
  );
}
